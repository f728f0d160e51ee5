package dev.agentfsm.runtime;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What a host and its sub-agents share across steps and subtasks (UFO's blackboard): questions the
 * user answered, earlier requests, the trajectory of completed steps, and saved screenshots. A host
 * owns one; its sub-agents use the host's. Safe for use from several threads.
 */
public final class Blackboard {
    /**
     * Writes trajectory steps as compact JSON in insertion order; configured once, then only read. A
     * holder class, so that creating an agent does not load Jackson (about 400 classes at cold start):
     * only the first {@link #toPrompt()} with a trajectory does.
     */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
    }

    private final List<QuestionAnswer> questions = new CopyOnWriteArrayList<>();
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final List<Map<String, Object>> trajectories = new CopyOnWriteArrayList<>();
    private final List<Screenshot> screenshots = new CopyOnWriteArrayList<>();

    /**
     * A question and the user's answer.
     *
     * @param question what the agent asked
     * @param answer what the user answered
     */
    public record QuestionAnswer(String question, String answer) {
        public QuestionAnswer {
            Objects.requireNonNull(question, "question");
            Objects.requireNonNull(answer, "answer");
        }
    }

    /**
     * A screenshot worth keeping, with what it shows. The bytes are copied in and out, so the
     * blackboard's copy cannot change.
     *
     * @param png the image, PNG-encoded
     * @param description what it shows, as the prompt lists it
     */
    // the array is copied in (here) and out (png()), and equals/hashCode compare its contents
    @SuppressWarnings("ArrayRecordComponent")
    public record Screenshot(byte[] png, String description) {
        public Screenshot {
            png = Objects.requireNonNull(png, "png").clone();
            Objects.requireNonNull(description, "description");
        }

        @Override
        public byte[] png() {
            return png.clone();
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Screenshot that
                    && Arrays.equals(png, that.png)
                    && description.equals(that.description);
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(png) + description.hashCode();
        }

        @Override
        public String toString() {
            return "Screenshot[" + png.length + " bytes, " + description + "]";
        }
    }

    /** Adds a question the user answered. */
    public void addQuestion(String question, String answer) {
        questions.add(new QuestionAnswer(question, answer));
    }

    /** Adds a request the session worked on; a {@link Session} adds each request when its round ends. */
    public void addRequest(String request) {
        requests.add(Objects.requireNonNull(request, "request"));
    }

    /** One completed step, as a small map of named fields (step, subtask, action, result ...). */
    public void addTrajectory(Map<String, Object> step) {
        Objects.requireNonNull(step, "step");
        // a copy that keeps the caller's order (Map.copyOf would not), unmodifiable
        trajectories.add(Collections.unmodifiableMap(new LinkedHashMap<>(step)));
    }

    /** Keeps a screenshot with a description of what it shows. */
    public void addScreenshot(byte[] png, String description) {
        screenshots.add(new Screenshot(png, description));
    }

    /** The questions and answers, oldest first; a snapshot. */
    public List<QuestionAnswer> questions() {
        return List.copyOf(questions);
    }

    /** The requests, oldest first; a snapshot. */
    public List<String> requests() {
        return List.copyOf(requests);
    }

    /** The completed steps, oldest first; a snapshot. */
    public List<Map<String, Object>> trajectories() {
        return List.copyOf(trajectories);
    }

    /** The screenshots, oldest first; a snapshot. */
    public List<Screenshot> screenshots() {
        return List.copyOf(screenshots);
    }

    /**
     * The blackboard as prompt text, in UFO's sections ({@code [Blackboard:]}, then
     * {@code [Questions & Answers:]}, {@code [Request History:]},
     * {@code [Step Trajectories Completed Previously:]} and {@code [Saved Screenshots:]}, each only
     * when it has entries); empty text when there is nothing on it. Screenshots are listed by
     * description: a client that sends images attaches {@link #screenshots()} itself.
     */
    public String toPrompt() {
        List<QuestionAnswer> qa = questions();
        List<String> asked = requests();
        List<Map<String, Object>> steps = trajectories();
        List<Screenshot> images = screenshots();
        if (qa.isEmpty() && asked.isEmpty() && steps.isEmpty() && images.isEmpty()) {
            return "";
        }
        StringBuilder prompt = new StringBuilder("[Blackboard:]\n");
        if (!qa.isEmpty()) {
            prompt.append("[Questions & Answers:]\n");
            for (QuestionAnswer entry : qa) {
                Map<String, Object> pair = new LinkedHashMap<>();
                pair.put("question", entry.question());
                pair.put("answer", entry.answer());
                prompt.append(json(pair)).append('\n');
            }
        }
        if (!asked.isEmpty()) {
            prompt.append("[Request History:]\n");
            for (int i = 0; i < asked.size(); i++) {
                prompt.append(json(Map.of("request_" + (i + 1), asked.get(i)))).append('\n');
            }
        }
        if (!steps.isEmpty()) {
            prompt.append("[Step Trajectories Completed Previously:]\n");
            for (Map<String, Object> step : steps) {
                prompt.append(json(step)).append('\n');
            }
        }
        if (!images.isEmpty()) {
            prompt.append("[Saved Screenshots:]\n");
            for (int i = 0; i < images.size(); i++) {
                prompt.append("screenshot_")
                        .append(i + 1)
                        .append(": ")
                        .append(images.get(i).description())
                        .append('\n');
            }
        }
        return prompt.toString();
    }

    private static String json(Map<String, ?> value) {
        try {
            return Json.MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(
                    "a blackboard entry cannot be written as JSON: " + value
                            + "; keep trajectory values to text, numbers, booleans, lists and maps",
                    e);
        }
    }
}
