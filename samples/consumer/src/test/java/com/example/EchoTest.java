package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.Echo.EchoAgent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The README's example, compiled by the processor from the deployed repository, run by the deployed runtime. */
class EchoTest {
    @Test
    void aRequestIsEchoedBack() {
        Context context = new Context().put(Context.REQUEST, "hello");
        RoundResult result = Round.of(EchoStateManager.instance(), new EchoAgent())
                .context(context)
                .build()
                .run();
        assertEquals(Outcome.COMPLETED, result.outcome());
        assertEquals(List.of(EchoStatus.LISTEN, EchoStatus.FINISH), result.path());
        assertEquals(Optional.of("hello"), result.result());
    }

    @Test
    void aBlankRequestEndsInFailAndItsCleanUp() {
        Context context = new Context().put(Context.REQUEST, " ");
        RoundResult result = Round.of(EchoStateManager.instance(), new EchoAgent())
                .context(context)
                .build()
                .run();
        assertEquals(
                List.of(EchoStatus.LISTEN, EchoStatus.LISTEN, EchoStatus.LISTEN, EchoStatus.FAIL, EchoStatus.FINISH),
                result.path());
    }
}
