import './instrument';
import 'reflect-metadata';
import { runAsProcess } from '@aura/platform';
import { startMessaging } from './service';

runAsProcess('messaging', startMessaging);
