package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.Echo.EchoAgent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.StepInterceptor;
import dev.agentfsm.runtime.StepInterceptor.StepEnd;
import dev.agentfsm.runtime.TransitionListener;
import dev.agentfsm.runtime.TransitionListener.TransitionEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A step interceptor written as a user writes one ({@link StepCap}, compiled by this module's build
 * against the runtime's jar): it counts the steps of the embedded runtime and vetoes one, which ends
 * the round as {@code VETOED} before the state's work runs, never as success.
 */
class StepCapTest {
    private static final Path README = Path.of("").toAbsolutePath().getParent().resolve("README.md");

    @Test
    void countsEveryStepAndLeavesTheRoundAsItWas() {
        StepCap cap = new StepCap(10);
        RoundResult capped = echo(" ", cap);
        RoundResult plain = echo(" ");
        assertEquals(Outcome.COMPLETED, capped.outcome(), capped.reason());
        assertEquals(plain.path(), capped.path());
        assertEquals(plain.reason(), capped.reason());
        assertEquals(5, cap.steps(), "LISTEN three times, FAIL, FINISH");
        assertEquals(capped.steps(), cap.steps());
    }

    @Test
    void aVetoEndsTheRoundBeforeTheStateWorksAndNamesTheInterceptor() {
        StepCap cap = new StepCap(2);
        EchoAgent agent = new EchoAgent();
        List<String> heard = new ArrayList<>();
        RoundResult result = Round.of(EchoStateManager.instance(), agent)
                .context(new Context().put(Context.REQUEST, " "))
                .interceptor(cap)
                .listener(new TransitionListener() {
                    @Override
                    public void onTransition(TransitionEvent event) {
                        heard.add(event.from().name() + "->" + event.to().name());
                    }

                    @Override
                    public void onRoundEnd(String session, int round, RoundResult ended) {
                        heard.add("end " + ended.outcome());
                    }
                })
                .build()
                .run();
        assertEquals(Outcome.VETOED, result.outcome());
        assertFalse(result.completed());
        assertEquals(
                "interceptor com.example.StepCap vetoed step 3 in Echo.LISTEN: step 3 is past the cap of 2",
                result.reason());
        assertEquals(List.of(EchoStatus.LISTEN, EchoStatus.LISTEN, EchoStatus.LISTEN), result.path());
        assertEquals(EchoStatus.LISTEN, result.finalStatus());
        assertEquals(3, result.steps());
        assertEquals(2, agent.tries, "the vetoed step's handle did not run");
        assertEquals(Optional.empty(), result.error());
        assertEquals(List.of("LISTEN->LISTEN", "LISTEN->LISTEN", "end VETOED"), heard);
    }

    @Test
    void aSessionsInterceptorSeesEveryRoundsSteps() {
        StepCap cap = new StepCap(3);
        Session session = Session.of(EchoStateManager.instance(), new EchoAgent())
                .interceptor(cap)
                .config(RuntimeConfig.parse("maxRound: 3"))
                .build();
        List<RoundResult> results = session.run(List.of("hello", "again", "more"));
        assertEquals(Outcome.COMPLETED, results.get(0).outcome(), "LISTEN, FINISH: steps 1 and 2");
        assertEquals(Outcome.VETOED, results.get(1).outcome(), "LISTEN is step 3, FINISH step 4: vetoed");
        assertEquals(
                List.of(EchoStatus.LISTEN, EchoStatus.FINISH), results.get(1).path());
        assertEquals(
                "interceptor com.example.StepCap vetoed step 2 in Echo.FINISH: step 4 is past the cap of 3",
                results.get(1).reason());
        assertEquals(Outcome.VETOED, results.get(2).outcome(), "the cap is the session's, not the round's");
        assertEquals(List.of(EchoStatus.LISTEN), results.get(2).path());
        assertEquals(5, cap.steps());
        assertEquals(5, session.steps(), "a vetoed step was taken from the budget");
    }

    @Test
    void interceptorsNestInTheOrderTheyWereAddedAndSeeTheStepsFacts() {
        List<String> seen = new ArrayList<>();
        StepInterceptor outer = chain -> {
            seen.add("outer " + chain.round() + "/" + chain.step() + " "
                    + chain.status().name() + " by " + chain.agent().name() + " of "
                    + chain.machine().name() + " in " + chain.sessionStep());
            StepEnd end = chain.proceed();
            seen.add("outer got "
                    + (end instanceof StepEnd.Moved moved ? moved.to().name() : "the end"));
            return end;
        };
        StepInterceptor inner = chain -> {
            seen.add("inner " + chain.step() + (chain.replayed() ? " replayed" : ""));
            return chain.proceed();
        };
        RoundResult result = echo("hi", outer, inner);
        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(
                List.of(
                        "outer 1/1 LISTEN by Echo of Echo in 1",
                        "inner 1",
                        "outer got FINISH",
                        "outer 1/2 FINISH by Echo of Echo in 2",
                        "inner 2",
                        "outer got the end"),
                seen);
    }

    @Test
    void aVetoAfterTheWorkRanReplacesTheMove() {
        StepInterceptor vetoFinish = chain -> {
            StepEnd end = chain.proceed();
            return end instanceof StepEnd.Moved moved && moved.to() == EchoStatus.FINISH
                    ? chain.veto("no finishing today")
                    : end;
        };
        EchoAgent agent = new EchoAgent();
        RoundResult result = Round.of(EchoStateManager.instance(), agent)
                .context(new Context().put(Context.REQUEST, "hi"))
                .interceptor(vetoFinish)
                .build()
                .run();
        assertEquals(Outcome.VETOED, result.outcome());
        assertTrue(result.reason().endsWith("vetoed step 1 in Echo.LISTEN: no finishing today"), result.reason());
        assertEquals(List.of(EchoStatus.LISTEN), result.path());
        assertEquals(1, agent.tries, "the work ran; its move was vetoed");
    }

    @Test
    void proceedingTwiceIsRefusedNamingTheInterceptor() {
        StepInterceptor twice = chain -> {
            chain.proceed();
            return chain.proceed();
        };
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> echo("hi", twice));
        assertTrue(e.getMessage().contains("called proceed() twice in step 1 (Echo.LISTEN)"), e.getMessage());
    }

    @Test
    void aChainKeptPastItsStepIsRefusedSayingSo() {
        List<StepInterceptor.Chain> kept = new ArrayList<>();
        StepInterceptor keeping = chain -> {
            kept.add(chain);
            return chain.proceed();
        };
        echo("hi", keeping);
        IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> kept.get(0).proceed());
        assertTrue(e.getMessage().contains("after that step ended"), e.getMessage());
    }

    @Test
    void readmeShowsTheInterceptorExactlyAsItCompiles() throws IOException {
        String source = Files.readString(Path.of("src/test/java/com/example/StepCap.java"));
        String shown = source.substring(source.indexOf("/** Counts"));
        assertTrue(shown.lines().count() < 20, "the README's interceptor is under 20 lines");
        assertTrue(
                Files.readString(README).contains(shown),
                "README.md must show fsm-tests/src/test/java/com/example/StepCap.java from its Javadoc on; copy it over");
    }

    private static RoundResult echo(String request, StepInterceptor... interceptors) {
        Round.Builder<EchoAgent> round = Round.of(EchoStateManager.instance(), new EchoAgent())
                .context(new Context().put(Context.REQUEST, request));
        for (StepInterceptor interceptor : interceptors) {
            round.interceptor(interceptor);
        }
        return round.build().run();
    }
}
