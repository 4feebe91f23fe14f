-- Single-writer leases (prisma/src/lease.ts): one row per writer naming its owner and when its lease ends, by the
-- database's clock. They replace the advisory locks of the keeper and of the indexer, which exclude nothing on the
-- embedded PGlite (every connection shares one session). Each writer owns its table (docs/database.md).
-- `holder_pid` is the server process of the holder's own connection: on PostgreSQL, a lease whose holder's connection
-- is gone (the writer killed) is taken over at once rather than when it expires.

-- CreateTable
CREATE TABLE "keeper_lease" (
    "name" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "epoch" INTEGER NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "renewed_at" TIMESTAMPTZ(3) NOT NULL,
    "holder_pid" INTEGER,

    CONSTRAINT "keeper_lease_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "indexer_lease" (
    "name" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "epoch" INTEGER NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "renewed_at" TIMESTAMPTZ(3) NOT NULL,
    "holder_pid" INTEGER,

    CONSTRAINT "indexer_lease_pkey" PRIMARY KEY ("name")
);
