package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.windows.desktop.DesktopControl;
import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * CONFIRM observes the device again before it asks, as UFO collects its data again, and builds the question
 * from what it sees then: here the table the model chose to act on was deleted between the model's reply
 * and the question.
 */
class ConfirmObservesAgainTest {

    /** A desk whose document loses its table right after the model's {@code afterReply}-th reply. */
    private static Desk deskLosingTheTable(Witness user, int afterReply) {
        return deskLosingTheTable("confirm-vanished", user, afterReply, UnaryOperator.identity());
    }

    private static Desk deskLosingTheTable(
            String replay, Witness user, int afterReply, UnaryOperator<HostAgent.Builder> host) {
        AtomicInteger replies = new AtomicInteger();
        List<Runnable> then = new ArrayList<>();
        UnaryOperator<LlmClient> model = llm -> request -> {
            LlmReply reply = llm.complete(request);
            if (replies.incrementAndGet() == afterReply) {
                then.forEach(Runnable::run);
            }
            return reply;
        };
        Desk desk = new Desk(replay, user, Desk.config(true, false, 0), false, model, host);
        then.add(() -> deleteTheTable(desk));
        return desk;
    }

    private static void deleteTheTable(Desk desk) {
        try {
            DesktopWindow word = desk.desktop.windows().get(0);
            DesktopControl delete = desk.desktop.controls(word).stream()
                    .filter(c -> c.name().equals("Delete Table"))
                    .findFirst()
                    .orElseThrow();
            desk.desktop.click(word, delete);
        } catch (DriverException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void theQuestionSaysTheControlIsGoneWhenItVanishedAfterTheReply() {
        Witness user = new Witness(Decision.APPROVED);
        Desk desk = deskLosingTheTable(user, 2);

        RoundResult result = desk.run("Select the sales table");

        assertEquals(
                List.of("click_input on Table 'Sales table', which is no longer on the window in Sales Report.docx"
                        + " - Word"),
                user.asked(),
                "built from the window as it is when asking, not from the screenshot the model saw");
        assertEquals(
                List.of(
                        "HostAgent.CONTINUE",
                        "HostAgent.ASSIGN",
                        "AppAgent.CONTINUE",
                        "AppAgent.CONFIRM",
                        "AppAgent.CONTINUE",
                        "AppAgent.FINISH",
                        "HostAgent.CONTINUE",
                        "HostAgent.FINISH"),
                result.qualifiedPath());
        String prompt = desk.llm.requests().get(2).messages().get(1).text();
        assertTrue(
                prompt.contains("click_input on [3] Table 'Sales table' in Sales Report.docx - Word: failed. control"
                        + " Sales table (word:table) is no longer in Sales Report.docx - Word"),
                "approved, the action met the window as it is, and the model reads it: " + prompt);
    }

    @Test
    void theOperatorLooksAgainAndNamesWhatLiesAtThePointNow() {
        Witness user = new Witness(Decision.REJECTED);
        Desk desk = deskLosingTheTable("operator-confirm-vanished", user, 2, host -> host.operatorFor("WINWORD.EXE"));

        desk.run("Select the sales table");

        assertEquals(
                List.of("click at (100, 200) on Edit 'Document body' in 'Sales Report.docx - Word'"),
                user.asked(),
                "the table lay there when the model chose the point; the document body does when the user is asked");
    }

    @Test
    void theQuestionNamesTheControlByItsLabelNowWhenItIsStillThere() {
        Witness user = new Witness(Decision.REJECTED);
        Desk desk = deskLosingTheTable(user, 99);

        desk.run("Select the sales table");

        assertEquals(List.of("click_input on [3] Table 'Sales table' in Sales Report.docx - Word"), user.asked());
        assertEquals(5, desk.word.table().size());
    }
}
