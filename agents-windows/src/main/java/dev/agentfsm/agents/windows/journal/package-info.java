/**
 * The Windows agents' devices through a session's journal ({@code fsm-journal}): {@link
 * dev.agentfsm.agents.windows.journal.WindowsJournal} wraps a desktop and a screen so that each of
 * their calls is recorded with its result, and replayed on resume instead of reaching the device.
 */
package dev.agentfsm.agents.windows.journal;
