import './instrument';
import 'reflect-metadata';
import { runAsProcess } from '@aura/platform';
import { startIdentity } from './service';

runAsProcess('identity', startIdentity);
