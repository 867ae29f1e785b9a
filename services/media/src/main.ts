import './instrument';
import 'reflect-metadata';
import { runAsProcess } from '@aura/platform';
import { startMedia } from './service';

runAsProcess('media', startMedia);
