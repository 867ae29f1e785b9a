import './instrument';
import 'reflect-metadata';
import { runAsProcess } from '@aura/platform';
import { startGateway } from './gateway';

runAsProcess('gateway', startGateway);
