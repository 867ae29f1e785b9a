import './instrument';
import 'reflect-metadata';
import { runAsProcess } from '@aura/platform';
import { startSocial } from './service';

runAsProcess('social', startSocial);
