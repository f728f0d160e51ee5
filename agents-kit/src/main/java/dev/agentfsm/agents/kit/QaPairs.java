package dev.agentfsm.agents.kit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.runtime.Blackboard.QuestionAnswer;
import dev.agentfsm.runtime.internal.SafeText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Answers given before the round: UFO's QA pairs ({@code USE_CUSTOMIZATION}, {@code QA_PAIR_FILE},
 * {@code QA_PAIR_NUM}), which UFO preloads onto the blackboard so the model reads them in every prompt.
 * An agent given them puts them on its blackboard the same way, and its PENDING answers a question that
 * one of them answers without asking the user.
 *
 * <p>The file is UFO's: JSON lines, each {@code {"question": "...", "answer": "..."}} (the lines UFO's
 * PENDING appends when the user answers); blank lines are skipped. A question matches when it is the same
 * text once trimmed, with runs of white space made one space and case ignored; when a question is in the
 * file twice, the later answer counts, as a later line is a later answer.
 */
public final class QaPairs {
    /** The most bytes a QA file may hold: 4 MiB, refused before it is read. */
    public static final long MAX_BYTES = 4L << 20;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final QaPairs NONE = new QaPairs(List.of());

    private final List<QuestionAnswer> pairs;
    private final Map<String, String> answers = new LinkedHashMap<>();

    private QaPairs(List<QuestionAnswer> pairs) {
        this.pairs = List.copyOf(pairs);
        this.pairs.forEach(pair -> answers.put(key(pair.question()), pair.answer()));
    }

    /** No answers: every question goes to the user. */
    public static QaPairs none() {
        return NONE;
    }

    /** These answers, in order. */
    public static QaPairs of(List<QuestionAnswer> pairs) {
        return new QaPairs(Objects.requireNonNull(pairs, "pairs"));
    }

    /**
     * The last {@code last} pairs of a QA file (UFO's {@code QA_PAIR_NUM}, 20 by default there).
     *
     * @throws IOException when the file cannot be read, or naming the file and the line when a line is not a
     *     question and its answer, or the file is larger than {@link #MAX_BYTES}
     * @throws IllegalArgumentException when {@code last} is negative
     */
    public static QaPairs load(Path file, int last) throws IOException {
        Objects.requireNonNull(file, "file");
        if (last < 0) {
            throw new IllegalArgumentException(
                    "last is " + last + "; it is how many of the file's last pairs to keep, 0 or more");
        }
        long size = Files.size(file);
        if (size > MAX_BYTES) {
            throw new IOException("the QA file " + file + " holds " + size + " bytes, more than the " + MAX_BYTES
                    + " a QA file may hold; keep its last lines only");
        }
        List<QuestionAnswer> pairs = new ArrayList<>();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).isBlank()) {
                pairs.add(pair(file, i + 1, lines.get(i)));
            }
        }
        return new QaPairs(pairs.subList(Math.max(0, pairs.size() - last), pairs.size()));
    }

    private static QuestionAnswer pair(Path file, int number, String line) throws IOException {
        JsonNode json;
        try {
            json = JSON.readTree(line);
        } catch (JsonProcessingException e) {
            throw new IOException(where(file, number) + " is not JSON (" + SafeText.line(e.getOriginalMessage(), 120)
                    + "); each line is {\"question\": \"...\", \"answer\": \"...\"}");
        }
        JsonNode question = json == null ? null : json.get("question");
        JsonNode answer = json == null ? null : json.get("answer");
        if (question == null || !question.isTextual() || answer == null || !answer.isTextual()) {
            throw new IOException(where(file, number) + " is " + SafeText.line(line, 120)
                    + "; each line is {\"question\": \"...\", \"answer\": \"...\"}, both text");
        }
        return new QuestionAnswer(question.textValue(), answer.textValue());
    }

    private static String where(Path file, int number) {
        return "line " + number + " of the QA file " + file;
    }

    /** The pairs, in the file's order: what goes onto the blackboard. */
    public List<QuestionAnswer> pairs() {
        return pairs;
    }

    /** The answer given before the round to {@code question}, if any. */
    public Optional<String> answer(String question) {
        return Optional.ofNullable(answers.get(key(question)));
    }

    private static String key(String question) {
        return question.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return pairs.size() + " QA pairs";
    }
}
