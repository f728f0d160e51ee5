/**
 * A session's journal: {@link dev.agentfsm.journal.Journal}, an append-only file with one record per
 * completed step, so that a session resumes after its process died. It is the runtime's
 * {@link dev.agentfsm.runtime.SessionRecorder}: {@code Session.of(...).recorder(journal)} records a
 * session, {@code session.resume(journal)} continues one, and {@code journal.llm(...)},
 * {@code journal.driver(...)} and {@code journal.user(...)} wrap the agent's model, device and user
 * channel so that their calls are recorded and replayed; {@code journal.call(...)} records and replays
 * the calls of a device with an interface of its own (a {@link dev.agentfsm.journal.DeviceCall}).
 *
 * <p>A journal is a text file of JSON lines, one record per line, each ending with a CRC-32C of the
 * rest of its line: {@code {"n":3,"type":"step",...,"crc":"1a2b3c4d"}}. The first record is the
 * header (with the fingerprint of the machines that wrote it, a SHA-256 of their transition tables,
 * which says which version wrote it: another version resumes it as long as every state its steps
 * entered still exists, every move they took is still declared, and a state still ends the round
 * where they ended one (and only there) and times out to where they timed out, and a status a step asked
 * for and was refused is still refused);
 * then {@code requests}, {@code step} and {@code roundEnd} records follow in the order they happened.
 * A record counts once its line, newline included, is in the file.
 *
 * <p>Public, because users call them: {@code Journal} (create, open, wrap, hand to a session),
 * {@code DeviceCall} (a device's own calls, with the codecs of their results),
 * {@code JournalKey} (keyed journals), {@code Durability} (how hard each record is forced),
 * {@code JournalException} (what a user catches, with its {@code Kind}) and {@code JournalStore}
 * (where journals are kept: a directory of files, or a shared database such as fsm-journal-postgres's,
 * so that a session resumes on another machine; other modules implement it), and {@code
 * SharedLogJournalStore} (the journals of many sessions in one append-only log, so that they share syncs). Everything else (the file,
 * its records and codec, the step being recorded, the fingerprint, the call wrappers) is
 * package-private.
 */
package dev.agentfsm.journal;
