// PostgreSQL for the tests (TEST_DATABASE_URL or a throwaway cluster) and the generated Prisma client.
export { default } from '@nexus/db/testing/globalSetup'
