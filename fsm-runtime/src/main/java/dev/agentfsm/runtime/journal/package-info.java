/**
 * The session journal's file format: the records ({@link dev.agentfsm.runtime.journal.JournalRecord}),
 * reading a journal back with its checks ({@link dev.agentfsm.runtime.journal.JournalFile}), the
 * fingerprint of the machines that wrote it (a SHA-256 of their transition tables) and the
 * errors a journal can give ({@link dev.agentfsm.runtime.journal.JournalException}). A session writes
 * and resumes a journal through {@link dev.agentfsm.runtime.Journal}.
 *
 * <p>A journal is a text file of JSON lines, one record per line, each ending with a CRC-32C of the
 * rest of its line: {@code {"n":3,"type":"step",...,"crc":"1a2b3c4d"}}. The first record is the
 * header; then {@code requests}, {@code step} and {@code roundEnd} records follow in the order they
 * happened. A record counts once its line, newline included, is in the file.
 *
 * <p>API: users call {@code JournalKey}, {@code Durability} and catch {@code JournalException};
 * {@code JournalFile} and {@code JournalRecord} stay public for now because {@code dev.agentfsm.runtime.Journal}
 * (another package) reads and writes them, and they are the documented file format.
 */
package dev.agentfsm.runtime.journal;
