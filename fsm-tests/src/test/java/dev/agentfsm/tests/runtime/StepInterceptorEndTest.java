package dev.agentfsm.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.StepInterceptor;
import dev.agentfsm.runtime.StepInterceptor.StepEnd;
import dev.agentfsm.tests.ufo.AppAgent;
import dev.agentfsm.tests.ufo.AppAgentStatus;
import dev.agentfsm.tests.ufo.HostAgent;
import dev.agentfsm.tests.ufo.HostAgentStateManager;
import dev.agentfsm.tests.ufo.HostAgentStatus;
import dev.agentfsm.tests.ufo.MobileAgent;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What a step interceptor may return: the end that came up, a veto, or another move its state declares. A
 * move the table does not allow is an {@code ILLEGAL_TRANSITION} naming the interceptor, as a state's own
 * would be, never a move the round takes; a null end is refused naming it.
 */
class StepInterceptorEndTest {
    private final RecordingListener listener = new RecordingListener();

    private RoundResult linux(LinuxAgent agent, StepInterceptor interceptor) {
        return Round.of(LinuxAgentStateManager.instance(), agent)
                .config(RuntimeConfig.parse("maxStep: 6"))
                .interceptor(interceptor)
                .listener(listener)
                .build()
                .run();
    }

    /** In FAIL's step (FAIL declares only FAIL -> FINISH by SYSTEM), ends with {@code to} by {@code trigger}. */
    private static StepInterceptor inFail(LinuxAgentStatus to, Trigger trigger) {
        return chain -> {
            StepEnd end = chain.proceed();
            return chain.status() == LinuxAgentStatus.FAIL ? new StepEnd.Moved(to, chain.agent(), trigger) : end;
        };
    }

    @Test
    void anUndeclaredMoveIsAnIllegalTransitionNamingTheInterceptor() {
        StepInterceptor back = inFail(LinuxAgentStatus.CONTINUE, Trigger.SYSTEM);
        RoundResult result = linux(new LinuxAgent().script(LinuxAgentStatus.FAIL), back);

        assertEquals(Outcome.ILLEGAL_TRANSITION, result.outcome(), result.reason());
        assertEquals(List.of(LinuxAgentStatus.CONTINUE, LinuxAgentStatus.FAIL), result.path());
        assertEquals(LinuxAgentStatus.FAIL, result.finalStatus());
        assertEquals(2, result.steps());
        RoundResult.Violation violation = result.violation().orElseThrow();
        assertEquals(LinuxAgentStatus.FAIL, violation.from());
        assertEquals("CONTINUE", violation.requested());
        assertEquals(List.of(LinuxAgentStatus.FINISH), violation.allowed());
        assertEquals(
                "interceptor " + back.getClass().getName() + " ended step 2 in LinuxAgent.FAIL with a move to"
                        + " CONTINUE by SYSTEM, which FAIL does not declare; it may move to [FINISH]; return the end"
                        + " chain.proceed() gave, a declared move, or chain.veto(why)",
                result.reason());
        assertEquals(List.of("1 LinuxAgent LinuxAgent.CONTINUE -> FAIL by LLM"), listener.moves, "no move was taken");
    }

    @Test
    void aDeclaredMoveByAnotherTriggerIsIllegal() {
        RoundResult result =
                linux(new LinuxAgent().script(LinuxAgentStatus.FAIL), inFail(LinuxAgentStatus.FINISH, Trigger.LLM));
        assertEquals(Outcome.ILLEGAL_TRANSITION, result.outcome(), result.reason());
        assertTrue(
                result.reason().contains("with a move to FINISH by LLM, but FAIL declares it by SYSTEM"),
                result.reason());
    }

    @Test
    void anotherDeclaredMoveIsTaken() {
        StepInterceptor finishNow = chain -> {
            StepEnd end = chain.proceed();
            return chain.status() == LinuxAgentStatus.CONTINUE
                    ? new StepEnd.Moved(LinuxAgentStatus.FINISH, chain.agent(), Trigger.LLM)
                    : end;
        };
        RoundResult result = linux(new LinuxAgent().script(LinuxAgentStatus.CONTINUE), finishNow);
        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(List.of(LinuxAgentStatus.CONTINUE, LinuxAgentStatus.FINISH), result.path());
    }

    @Test
    void anInterceptorCannotMoveTheRoundIntoAnotherMachine() {
        MobileAgent stranger = new MobileAgent();
        StepInterceptor elsewhere =
                chain -> new StepEnd.Moved(AppAgentStatus.CONTINUE, stranger, Trigger.SYSTEM); // work skipped
        RoundResult result = linux(new LinuxAgent(), elsewhere);

        assertEquals(Outcome.ILLEGAL_TRANSITION, result.outcome(), result.reason());
        assertEquals(List.of(LinuxAgentStatus.CONTINUE), result.path(), "AppAgent's CONTINUE never ran");
        assertEquals("AppAgent.CONTINUE", result.violation().orElseThrow().requested());
        assertTrue(result.reason().contains("which CONTINUE does not declare"), result.reason());
    }

    @Test
    void aDeclaredHandOffToAnAgentOfAnotherTypeIsIllegal() {
        HostAgent host = new HostAgent().script(HostAgentStatus.ASSIGN);
        AppAgent app = new AppAgent(host);
        StepInterceptor wrongAgent = chain -> {
            StepEnd end = chain.proceed();
            return chain.status() == HostAgentStatus.ASSIGN
                    ? new StepEnd.Moved(AppAgentStatus.CONTINUE, new MobileAgent(), Trigger.SYSTEM)
                    : end;
        };
        RoundResult result = Round.of(HostAgentStateManager.instance(), host)
                .interceptor(wrongAgent)
                .build()
                .run();

        assertEquals(Outcome.ILLEGAL_TRANSITION, result.outcome(), result.reason());
        assertEquals(List.of(HostAgentStatus.CONTINUE, HostAgentStatus.ASSIGN), result.path());
        assertTrue(
                result.reason()
                        .contains("with a move to AppAgent.CONTINUE by SYSTEM, handing control to "
                                + MobileAgent.class.getName() + ", but AppAgent drives " + AppAgent.class.getName()),
                result.reason());
        assertEquals(List.of(), app.log(), "the AppAgent was never handed control");
    }

    @Test
    void aMoveWithAnotherAgentOutsideAHandOffIsIllegal() {
        StepInterceptor otherAgent = chain -> {
            chain.proceed();
            return new StepEnd.Moved(LinuxAgentStatus.FINISH, new LinuxAgent(), Trigger.LLM);
        };
        RoundResult result = linux(new LinuxAgent().script(LinuxAgentStatus.FINISH), otherAgent);
        assertEquals(Outcome.ILLEGAL_TRANSITION, result.outcome(), result.reason());
        assertTrue(result.reason().contains("only a hand-off changes the agent"), result.reason());
    }

    @Test
    void aNullEndIsRefusedNamingTheInterceptor() {
        StepInterceptor nothing = chain -> null;
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> linux(new LinuxAgent(), nothing));
        assertEquals(
                "interceptor " + nothing.getClass().getName() + " returned null in step 1 (LinuxAgent.CONTINUE);"
                        + " return the end chain.proceed() gave, a move the state declares, or chain.veto(why)",
                e.getMessage());
    }

    @Test
    void anEndOfTheInterceptorsOwnMakingIsRefusedNeverReportedAsSuccess() {
        LinuxAgent agent = new LinuxAgent();
        StepInterceptor forged = chain -> new StepEnd.Ended(new RoundResult(
                Outcome.COMPLETED,
                "all done",
                chain.status(),
                List.of(),
                1,
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                List.of(),
                Optional.empty()));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> linux(agent, forged));
        assertTrue(
                e.getMessage()
                        .startsWith("interceptor " + forged.getClass().getName()
                                + " returned an end of its own making (COMPLETED) in step 1 (LinuxAgent.CONTINUE);"),
                e.getMessage());
        assertEquals(List.of(), agent.log(), "CONTINUE's work never ran");
    }

    @Test
    void aVetoOrARefusedMoveFromAnInnerInterceptorPassesThroughTheOuterOnes() {
        StepInterceptor passOn = StepInterceptor.Chain::proceed;
        RoundResult vetoed = Round.of(LinuxAgentStateManager.instance(), new LinuxAgent())
                .interceptor(passOn)
                .interceptor(chain -> chain.veto("not now"))
                .build()
                .run();
        assertEquals(Outcome.VETOED, vetoed.outcome(), vetoed.reason());

        RoundResult refused = Round.of(LinuxAgentStateManager.instance(), new LinuxAgent())
                .interceptor(passOn)
                .interceptor(chain -> new StepEnd.Moved(AppAgentStatus.CONTINUE, chain.agent(), Trigger.SYSTEM))
                .build()
                .run();
        assertEquals(Outcome.ILLEGAL_TRANSITION, refused.outcome(), refused.reason());
    }
}
