package dev.agentfsm.runtime;

import java.util.List;
import java.util.Map;

/**
 * What a host and its sub-agents share across steps and subtasks (UFO's blackboard): questions the
 * user answered, earlier requests, the trajectory of completed steps, and saved screenshots. A host
 * owns one; its sub-agents use the host's. Safe for use from several threads.
 */
public final class Blackboard {
    // implemented by issue 4 (runtime); the API below is fixed

    /** A question and the user's answer. */
    public record QuestionAnswer(String question, String answer) {}

    /** A screenshot worth keeping, with what it shows. */
    public record Screenshot(byte[] png, String description) {}

    public void addQuestion(String question, String answer) { throw new UnsupportedOperationException("issue 4"); }

    public void addRequest(String request) { throw new UnsupportedOperationException("issue 4"); }

    /** One completed step, as a small map of named fields (step, subtask, action, result ...). */
    public void addTrajectory(Map<String, Object> step) { throw new UnsupportedOperationException("issue 4"); }

    public void addScreenshot(byte[] png, String description) { throw new UnsupportedOperationException("issue 4"); }

    public List<QuestionAnswer> questions() { throw new UnsupportedOperationException("issue 4"); }

    public List<String> requests() { throw new UnsupportedOperationException("issue 4"); }

    public List<Map<String, Object>> trajectories() { throw new UnsupportedOperationException("issue 4"); }

    public List<Screenshot> screenshots() { throw new UnsupportedOperationException("issue 4"); }

    /** The blackboard as prompt text, in UFO's sections; empty text when there is nothing on it. */
    public String toPrompt() { throw new UnsupportedOperationException("issue 4"); }
}
