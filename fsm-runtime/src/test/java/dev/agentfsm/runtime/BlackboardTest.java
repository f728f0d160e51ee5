package dev.agentfsm.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class BlackboardTest {
    private final Blackboard board = new Blackboard();

    @Test
    void anEmptyBlackboardIsNoPromptAtAll() {
        assertEquals("", board.toPrompt());
    }

    @Test
    void promptHasUfosSectionsInOrderAndListsScreenshotsByDescription() {
        board.addRequest("open Word");
        board.addQuestion("Which file?", "letter.docx");
        Map<String, Object> step = new LinkedHashMap<>();
        step.put("step", 1);
        step.put("subtask", "open the file");
        step.put("action_representation", "click(\"Open\")");
        board.addTrajectory(step);
        board.addScreenshot(new byte[] {1, 2, 3}, "the Open dialog");
        board.addRequest("print it");
        assertEquals(
                """
                [Blackboard:]
                [Questions & Answers:]
                {"question":"Which file?","answer":"letter.docx"}
                [Request History:]
                {"request_1":"open Word"}
                {"request_2":"print it"}
                [Step Trajectories Completed Previously:]
                {"step":1,"subtask":"open the file","action_representation":"click(\\"Open\\")"}
                [Saved Screenshots:]
                screenshot_1: the Open dialog
                """,
                board.toPrompt());
    }

    @Test
    void sectionsWithoutEntriesAreLeftOut() {
        board.addQuestion("Proceed?", "yes");
        assertEquals(
                "[Blackboard:]\n[Questions & Answers:]\n{\"question\":\"Proceed?\",\"answer\":\"yes\"}\n",
                board.toPrompt());
    }

    @Test
    void entriesAreCopiesTheCallerCannotChange() {
        byte[] png = {9, 9};
        board.addScreenshot(png, "x");
        png[0] = 0;
        assertArrayEquals(new byte[] {9, 9}, board.screenshots().get(0).png());
        board.screenshots().get(0).png()[1] = 0;
        assertArrayEquals(new byte[] {9, 9}, board.screenshots().get(0).png());
        Map<String, Object> step = new LinkedHashMap<>(Map.of("step", 1));
        board.addTrajectory(step);
        step.put("step", 2);
        assertEquals(List.of(Map.of("step", 1)), board.trajectories());
        assertThrows(
                UnsupportedOperationException.class,
                () -> board.trajectories().get(0).put("x", 1));
        assertThrows(UnsupportedOperationException.class, () -> board.requests().add("x"));
        assertEquals(
                new Blackboard.Screenshot(new byte[] {9, 9}, "x"),
                board.screenshots().get(0));
    }

    @Test
    void nullsAreRefusedWithTheirName() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> board.addQuestion("q", null));
        assertEquals("answer", e.getMessage());
        assertThrows(NullPointerException.class, () -> board.addRequest(null));
    }

    @Test
    void manyThreadsWriteWithoutLosingEntries() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> writes = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                writes.add(pool.submit(() -> {
                    for (int i = 0; i < 250; i++) {
                        board.addRequest(thread + "/" + i);
                        board.addTrajectory(Map.of("step", i));
                    }
                }));
            }
            for (Future<?> write : writes) {
                write.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1000, board.requests().size());
        assertEquals(1000, board.trajectories().size());
    }
}
