package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.Echo.EchoAgent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The README's example machine is this module's {@code Echo.java}, compiled by the build and run here. */
class ReadmeExampleTest {

    private static final Path README = Path.of("").toAbsolutePath().getParent().resolve("README.md");

    @Test
    void readmeShowsTheExampleExactlyAsItCompiles() throws IOException {
        String readme = Files.readString(README);
        String source = Files.readString(Path.of("src/test/java/com/example/Echo.java"));
        assertTrue(
                readme.contains("```java\n" + source + "```"),
                "README.md must show fsm-tests/src/test/java/com/example/Echo.java verbatim in a ```java block; copy it over");
        for (String line : usage().split("\n")) {
            assertTrue(readme.contains(line), "README.md's usage example lacks the line: " + line);
        }
    }

    @Test
    void theConsumerSampleBuildsTheSameExample() throws IOException {
        Path consumer = README.getParent().resolve("samples/consumer/src/main/java/com/example/Echo.java");
        assertEquals(
                Files.readString(Path.of("src/test/java/com/example/Echo.java")),
                Files.readString(consumer),
                "samples/consumer (built by .ci/release-check from the deployed artifacts) must hold this Echo.java;"
                        + " copy it over");
    }

    @Test
    void readmeShowsWhatTheUsageExamplePrints() throws IOException {
        String readme = Files.readString(README);
        RoundResult result = answer("hello");
        for (String line : List.of(
                "result.outcome();   // " + result.outcome(),
                "result.path();      // " + result.path(),
                "result.result();    // " + result.result())) {
            assertTrue(readme.contains(line + "\n"), "README.md's usage example lacks the line: " + line);
        }
    }

    @Test
    void answeredRequestCompletes() {
        RoundResult result = answer("hello");
        assertEquals(Outcome.COMPLETED, result.outcome());
        assertEquals(List.of(EchoStatus.LISTEN, EchoStatus.FINISH), result.path());
        assertEquals(List.of("Echo.LISTEN", "Echo.FINISH"), result.qualifiedPath());
        assertEquals(Optional.of("hello"), result.result());
    }

    @Test
    void blankRequestGivesUpAfterThreeTriesAndFailTakesItsOnlyMove() {
        RoundResult result = answer(" ");
        assertEquals(Outcome.COMPLETED, result.outcome());
        assertEquals(
                List.of(EchoStatus.LISTEN, EchoStatus.LISTEN, EchoStatus.LISTEN, EchoStatus.FAIL, EchoStatus.FINISH),
                result.path());
        assertEquals(Optional.empty(), result.result());
    }

    /** The README's usage example, with the request as a parameter. */
    private static RoundResult answer(String request) {
        EchoAgent agent = new EchoAgent();
        Context context = new Context().put(Context.REQUEST, request);
        RoundResult result = Round.of(EchoStateManager.instance(), agent)
                .context(context)
                .build()
                .run();
        return result;
    }

    private static String usage() {
        return """
                EchoAgent agent = new EchoAgent();
                Context context = new Context().put(Context.REQUEST, "hello");
                RoundResult result = Round.of(EchoStateManager.instance(), agent).context(context).build().run();
                """;
    }
}
