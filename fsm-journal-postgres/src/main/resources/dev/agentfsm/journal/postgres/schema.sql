-- agent-fsm's journals in PostgreSQL (fsm-journal-postgres). PostgresJournalStore.of(dataSource) runs this
-- when the tables are missing; a database where the application may not create tables gets it from its
-- administrator instead.

-- one row per journal: who claimed it last (the claim itself is a session-level advisory lock, which the
-- server releases when the claimer's connection ends)
CREATE TABLE IF NOT EXISTS agentfsm_journal (
    journal        text        PRIMARY KEY,
    holder         text        NOT NULL,   -- "process 4242 on host-a"
    holder_backend integer     NOT NULL,   -- the claimer's server process (pg_backend_pid())
    claimed        timestamptz NOT NULL
);

-- one row per record: the journal's line, exactly as a journal file holds it (JSON ending with its checksum)
CREATE TABLE IF NOT EXISTS agentfsm_journal_record (
    journal text    NOT NULL,
    n       integer NOT NULL CHECK (n > 0),
    line    text    NOT NULL,
    PRIMARY KEY (journal, n)
);
