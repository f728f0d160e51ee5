package dev.agentfsm.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.Next;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.tests.ufo.AppAgent;
import dev.agentfsm.tests.ufo.AppAgentStatus;
import dev.agentfsm.tests.ufo.HostAgent;
import dev.agentfsm.tests.ufo.HostAgentStateManager;
import dev.agentfsm.tests.ufo.HostAgentStatus;
import dev.agentfsm.tests.ufo.MobileAgent;
import dev.agentfsm.tests.ufo.ScriptedAgent;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Hand-offs change machine and agent; hand-backs return control to the host, which may go on. */
class HandOffTest {
    private final RecordingListener listener = new RecordingListener();
    private final Context context = new Context().put(Context.REQUEST, "write a letter");
    private final HostAgent host = new HostAgent();
    private final AppAgent app = new AppAgent(host);

    private RoundResult run() {
        return Round.of(HostAgentStateManager.instance(), host)
                .context(context)
                .listener(listener)
                .build()
                .run();
    }

    @Test
    void handOffAndHandBack() {
        host.script(HostAgentStatus.ASSIGN, HostAgentStatus.FINISH);
        app.script((ScriptedAgent.Step) (a, c) -> {
            c.put(Context.ROUND_RESULT, "letter written");
            a.setStatus(AppAgentStatus.FINISH);
        });
        RoundResult result = run();
        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(
                List.of(
                        "HostAgent.CONTINUE",
                        "HostAgent.ASSIGN",
                        "AppAgent.CONTINUE",
                        "AppAgent.FINISH",
                        "HostAgent.CONTINUE",
                        "HostAgent.FINISH"),
                result.qualifiedPath());
        assertEquals(
                List.of(
                        "1 HostAgent HostAgent.CONTINUE -> ASSIGN by LLM",
                        "2 HostAgent HostAgent.ASSIGN -> AppAgent.CONTINUE by SYSTEM",
                        "3 AppAgent AppAgent.CONTINUE -> FINISH by LLM",
                        "4 AppAgent AppAgent.FINISH -> HostAgent.CONTINUE by SYSTEM",
                        "5 HostAgent HostAgent.CONTINUE -> FINISH by LLM"),
                listener.moves);
        assertEquals(List.of("CONTINUE@1/1", "ASSIGN@2/2", "CONTINUE@5/5", "FINISH@6/6"), host.log());
        assertEquals(List.of("CONTINUE@3/3", "FINISH@4/4"), app.log(), "the sub-agent got CONTINUE on the hand-off");
        assertEquals(
                List.of(new ArchivedSubtask("subtask of write a letter", AppAgentStatus.FINISH, "letter written")),
                context.previousSubtasks(),
                "FINISH's exit action archived the subtask for the host");
        assertEquals(HostAgentStatus.FINISH, host.status());
        assertSame(host.blackboard(), app.blackboard(), "a sub-agent uses its host's blackboard");
    }

    @Test
    void aSubAgentErrorRunsItsArchivingOnErrorStateAndEndsAsError() {
        IOException boom = new IOException("window closed");
        host.script(HostAgentStatus.ASSIGN);
        app.script(boom);
        RoundResult result = run();
        assertEquals(Outcome.ERROR, result.outcome());
        assertSame(boom, result.error().orElseThrow());
        assertEquals(
                List.of(
                        "HostAgent.CONTINUE",
                        "HostAgent.ASSIGN",
                        "AppAgent.CONTINUE",
                        "AppAgent.ERROR",
                        "HostAgent.FINISH"),
                result.qualifiedPath());
        assertEquals(
                List.of(new ArchivedSubtask("subtask of write a letter", AppAgentStatus.ERROR, "")),
                context.previousSubtasks());
        assertEquals("3 AppAgent AppAgent.CONTINUE -> ERROR by SYSTEM", listener.moves.get(2));
    }

    @Test
    void aStepLimitAtAHandOffStopsBeforeTheAgentTakesOver() {
        host.script(HostAgentStatus.ASSIGN);
        RoundResult result = Round.of(HostAgentStateManager.instance(), host)
                .config(RuntimeConfig.parse("maxStep: 2"))
                .listener(listener)
                .build()
                .run();
        assertEquals(Outcome.STEP_LIMIT, result.outcome(), result.reason());
        assertEquals(List.of(HostAgentStatus.CONTINUE, HostAgentStatus.ASSIGN), result.path());
        assertEquals(HostAgentStatus.ASSIGN, result.finalStatus());
        assertEquals(2, result.steps());
        assertTrue(
                result.reason().endsWith("stopped in HostAgent.ASSIGN, about to move to AppAgent.CONTINUE"),
                result.reason());
        assertEquals(List.of("1 HostAgent HostAgent.CONTINUE -> ASSIGN by LLM"), listener.moves, "no hand-off told");
        assertEquals(HostAgentStatus.ASSIGN, host.status());
        assertEquals(List.of(), app.log(), "the AppAgent never took over");
        assertThrows(IllegalStateException.class, app::status, "nor got a status");
    }

    @Test
    void aHandOffNamesTheAgentThatTakesOver() {
        AppAgent other = new AppAgent(host);
        Next toApp = Next.handOff(HostAgentStatus.ASSIGN, AppAgentStatus.CONTINUE, app);
        Next toOther = Next.handOff(HostAgentStatus.ASSIGN, AppAgentStatus.CONTINUE, other);

        assertTrue(toApp.isLegal());
        assertTrue(toApp.isHandOff());
        assertSame(app, toApp.agent().orElseThrow());
        assertSame(other, toOther.agent().orElseThrow(), "each decision names its own agent");
        assertEquals(
                new Move(HostAgentStatus.ASSIGN, AppAgentStatus.CONTINUE, Trigger.SYSTEM, ""),
                toApp.move().orElseThrow());
        assertEquals("HostAgent.ASSIGN -> AppAgent.CONTINUE (SYSTEM)", toApp.toString());

        Next within = Next.move(HostAgentStatus.CONTINUE, HostAgentStatus.FINISH);
        assertFalse(within.isHandOff());
        assertEquals(Optional.empty(), within.agent());
    }

    @Test
    void aHandOffToAnAgentOfAnotherTypeIsRefused() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> Next.handOff(HostAgentStatus.ASSIGN, AppAgentStatus.CONTINUE, new MobileAgent()));
        assertEquals(
                "HostAgent.ASSIGN -> AppAgent.CONTINUE (SYSTEM) hands control to " + MobileAgent.class.getName()
                        + ", but AppAgent drives " + AppAgent.class.getName(),
                e.getMessage());
    }

    @Test
    void onlyADeclaredHandOffTakesAnAgent() {
        IllegalArgumentException undeclared = assertThrows(
                IllegalArgumentException.class,
                () -> Next.handOff(HostAgentStatus.CONTINUE, AppAgentStatus.CONTINUE, app));
        assertTrue(
                undeclared.getMessage().startsWith("HostAgent.CONTINUE declares no hand-off to AppAgent.CONTINUE;"),
                undeclared.getMessage());
        IllegalArgumentException within = assertThrows(
                IllegalArgumentException.class,
                () -> Next.handOff(HostAgentStatus.CONTINUE, HostAgentStatus.FINISH, host),
                "a declared move within the machine is no hand-off");
        assertTrue(
                within.getMessage().startsWith("HostAgent.CONTINUE declares no hand-off to HostAgent.FINISH;"),
                within.getMessage());
        IllegalArgumentException notWithin = assertThrows(
                IllegalArgumentException.class, () -> Next.move(HostAgentStatus.ASSIGN, AppAgentStatus.CONTINUE));
        assertEquals(
                "HostAgent.ASSIGN -> AppAgent.CONTINUE (SYSTEM) is a hand-off; it needs the agent that takes"
                        + " over: use Next.handOff(from, to, agent)",
                notWithin.getMessage());
        NullPointerException noAgent = assertThrows(
                NullPointerException.class, () -> Next.handOff(HostAgentStatus.ASSIGN, AppAgentStatus.CONTINUE, null));
        assertEquals(
                "the hand-off HostAgent.ASSIGN -> AppAgent.CONTINUE needs the AppAgent agent to hand control to;"
                        + " got null",
                noAgent.getMessage());
    }
}
