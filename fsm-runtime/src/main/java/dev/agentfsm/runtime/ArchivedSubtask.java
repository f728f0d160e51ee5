package dev.agentfsm.runtime;

/**
 * A finished subtask as a sub-agent leaves it for its host (UFO's {@code previous_subtasks}).
 *
 * @param subtask what the sub-agent was asked to do
 * @param status the status it ended in ({@code FINISH}, {@code FAIL}, {@code ERROR} of its machine)
 * @param result what it reports back; empty text when it has nothing to say
 */
public record ArchivedSubtask(String subtask, Status status, String result) {}
