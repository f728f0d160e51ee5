package dev.agentfsm.journal;

import java.nio.charset.StandardCharsets;

/** The keys the journal tests sign with: one that wrote the journal, and one that did not. */
final class TestKeys {
    /** The key a keyed journal under test is written with. */
    static final JournalKey KEY = JournalKey.of("0123456789abcdef-the-key".getBytes(StandardCharsets.UTF_8), "test");

    /** Another key, which must not verify what {@link #KEY} wrote. */
    static final JournalKey OTHER = JournalKey.of("fedcba9876543210-other".getBytes(StandardCharsets.UTF_8), "other");

    private TestKeys() {}
}
