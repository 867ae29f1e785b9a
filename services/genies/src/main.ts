import './instrument';
import 'reflect-metadata';
import { runAsProcess } from '@aura/platform';
import { startGenies } from './service';

runAsProcess('genies', startGenies);
