import './instrument';
import 'reflect-metadata';
import { runAsProcess } from '@aura/platform';
import { startAdmin } from './service';

runAsProcess('admin', startAdmin);
