package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.agentfsm.agents.kit.ReplayLlmClient;
import dev.agentfsm.agents.windows.desktop.DesktopControl;
import dev.agentfsm.agents.windows.desktop.DesktopDriver;
import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.agents.windows.desktop.simulated.SimulatedDesktop;
import dev.agentfsm.agents.windows.desktop.simulated.SimulatedDocument;
import dev.agentfsm.agents.windows.desktop.simulated.SimulatedSheet;
import dev.agentfsm.agents.windows.journal.WindowsJournal;
import dev.agentfsm.journal.Journal;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Windows agents journaled ({@link WindowsJournal#desktop} with the journal's wrappers) and resumed after a
 * crash: between two actions of one reply only the actions not yet done run; after a CONFIRM the user is
 * not asked again and the approved action does not run twice. The "world" (the simulated desktop) outlives
 * the crash, as a real desktop would; the agents, the model client and the user channel do not.
 */
class JournaledWindowsTest {
    private static final RuntimeConfig CONFIG = Desk.config(true, false, 0);

    /** The process that died: thrown by the desktop, past every catch of the runtime and the journal. */
    private static final class Crash extends Error {
        Crash() {
            super("the process died here");
        }
    }

    @Test
    void aCrashBetweenTwoActionsOfOneReplyResumesWithTheActionsNotYetDone(@TempDir Path dir) throws Exception {
        SimulatedSheet excel = SimulatedSheet.emptyBook();
        SimulatedDesktop world = SimulatedDesktop.of(SimulatedDocument.salesReport(), excel);
        Path file = dir.resolve("windows.journal");

        Journal first = Journal.create(file);
        // dies when the second action of the reply (B1) reaches the sheet, before it is typed
        DesktopDriver crashing = new Crashing(world, () -> !excel.cell("A1").isEmpty());
        Session session = session(first, crashing, Desk.replay("several-actions"), UserChannel.alwaysDeny(), true);
        assertThrows(Crash.class, () -> session.run(List.of("Type the header into the sheet")));
        first.close();
        assertEquals("Region", excel.cell("A1"));
        assertEquals("", excel.cell("B1"));

        Journal journal = Journal.open(file);
        int recordedCalls = journal.recordedModelCalls();
        ReplayLlmClient model = Desk.replay("several-actions").skip(recordedCalls);
        List<RoundResult> results =
                session(journal, world, model, UserChannel.alwaysDeny(), false).resume(journal);
        journal.close();

        RoundResult result = results.get(0);
        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(
                List.of(
                        "HostAgent.CONTINUE",
                        "HostAgent.ASSIGN",
                        "AppAgent.CONTINUE",
                        "AppAgent.CONTINUE",
                        "AppAgent.CONTINUE",
                        "AppAgent.FINISH",
                        "HostAgent.CONTINUE",
                        "HostAgent.FINISH"),
                result.qualifiedPath());
        assertEquals(2, recordedCalls, "the host's and the AppAgent's reply were recorded");
        assertEquals(1, model.requests().size(), "only the host's last reply is asked for");
        assertEquals(
                List.of(
                        "focus Book1 - Excel",
                        "type Book1 - Excel: A1 'Region'",
                        "type Book1 - Excel: B1 'Q1'",
                        "type Book1 - Excel: A2 'North'"),
                Desk.actions(world),
                "A1 was typed once, before the crash; B1 and A2 after it");
    }

    @Test
    void aResumedConfirmIsNotAskedAgainAndItsActionDoesNotRunTwice(@TempDir Path dir) throws Exception {
        SimulatedDocument word = SimulatedDocument.salesReport();
        SimulatedDesktop world = SimulatedDesktop.of(word, SimulatedSheet.emptyBook());
        Path file = dir.resolve("confirm.journal");

        Journal first = Journal.create(file);
        Witness approving = new Witness(Decision.APPROVED);
        // dies at the first look at the desktop after the approved delete: the step after CONFIRM
        DesktopDriver crashing = new Crashing(world, () -> word.table().isEmpty());
        Session session = session(first, crashing, Desk.replay("confirm-approved"), approving, true);
        assertThrows(Crash.class, () -> session.run(List.of("Remove the sales table from the report")));
        first.close();
        assertEquals(
                List.of("click_input on [1] Button 'Delete Table' in Sales Report.docx - Word"), approving.asked());

        Journal journal = Journal.open(file);
        Witness nobody = new Witness(Decision.REJECTED);
        ReplayLlmClient model = Desk.replay("confirm-approved").skip(journal.recordedModelCalls());
        RoundResult result =
                session(journal, world, model, nobody, false).resume(journal).get(0);
        journal.close();

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
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
        assertEquals(List.of(), nobody.asked(), "the recorded approval is replayed, with the recorded look");
        assertEquals(
                1,
                world.log().stream().filter(l -> l.endsWith("Delete Table")).count(),
                "the delete click ran once: " + world.log());
        assertEquals(2, model.requests().size(), "the AppAgent's FINISH and the host's FINISH");
    }

    private static Session session(
            Journal journal, DesktopDriver desktop, LlmClient model, UserChannel user, boolean recording) {
        HostAgent host = HostAgent.builder(WindowsJournal.desktop(journal, desktop), journal.llm(model))
                .user(journal.user(user))
                .config(CONFIG)
                .build();
        Session.Builder<HostAgent> session =
                Session.of(HostAgentStateManager.instance(), host).config(CONFIG);
        return (recording ? session.recorder(journal) : session).build();
    }

    /** The simulated desktop, dying at the first call made once {@code dead} holds. */
    private static final class Crashing implements DesktopDriver {
        private final SimulatedDesktop desktop;
        private final BooleanSupplier dead;

        Crashing(SimulatedDesktop desktop, BooleanSupplier dead) {
            this.desktop = desktop;
            this.dead = dead;
        }

        private void check() {
            if (dead.getAsBoolean()) {
                throw new Crash();
            }
        }

        @Override
        public String name() {
            return desktop.name();
        }

        @Override
        public List<DesktopWindow> windows() throws DriverException {
            check();
            return desktop.windows();
        }

        @Override
        public byte[] screenshot() throws DriverException {
            check();
            return desktop.screenshot();
        }

        @Override
        public byte[] screenshot(DesktopWindow window) throws DriverException {
            check();
            return desktop.screenshot(window);
        }

        @Override
        public List<DesktopControl> controls(DesktopWindow window) throws DriverException {
            check();
            return desktop.controls(window);
        }

        @Override
        public ActionResult focus(DesktopWindow window) throws DriverException {
            check();
            return desktop.focus(window);
        }

        @Override
        public ActionResult click(DesktopWindow window, DesktopControl control) throws DriverException {
            check();
            return desktop.click(window, control);
        }

        @Override
        public ActionResult typeText(DesktopWindow window, DesktopControl control, String text) throws DriverException {
            check();
            return desktop.typeText(window, control, text);
        }

        @Override
        public ActionResult select(DesktopWindow window, DesktopControl control, String value) throws DriverException {
            check();
            return desktop.select(window, control, value);
        }

        @Override
        public ActionResult keys(DesktopWindow window, String keys) throws DriverException {
            check();
            return desktop.keys(window, keys);
        }
    }
}
