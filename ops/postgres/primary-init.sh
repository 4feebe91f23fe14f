#!/bin/sh
# Run once by the postgres image on an empty data folder: the role the streaming replica connects as, and the
# pg_hba line that lets it (password: REPLICATION_PASSWORD).
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -c "CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD '$REPLICATION_PASSWORD'"
echo 'host replication replicator all scram-sha-256' >> "$PGDATA/pg_hba.conf"
