// `npm run seed`: seeds demo data into a running stack (default http://127.0.0.1:8080).
import { seed } from './seed/index.mjs';

const baseUrl = process.env.AURA_BASE_URL ?? `http://127.0.0.1:${process.env.GATEWAY_PORT ?? 8080}`;
const result = await seed(baseUrl);
console.log(`seeded: ${JSON.stringify(result)}`);
