// Service, e2e and browser tests wait on real servers: give each test a minute.
jest.setTimeout(90000);
