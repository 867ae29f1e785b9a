import './instrument';
import 'reflect-metadata';
import { runAsProcess } from '@aura/platform';
import { startEconomy } from './service';

runAsProcess('economy', startEconomy);
