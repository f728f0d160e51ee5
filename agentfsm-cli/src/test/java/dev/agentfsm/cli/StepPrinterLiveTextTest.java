package dev.agentfsm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How {@link StepPrinter} shows a model's text as it arrives. */
class StepPrinterLiveTextTest {
    private static final LlmRequest HELLO = LlmRequest.of(List.of(ChatMessage.user("hi")));

    /** A client that streams {@code pieces} and replies with them joined. */
    private static LlmClient streaming(String... pieces) {
        return new LlmClient() {
            @Override
            public LlmReply complete(LlmRequest request) {
                return new LlmReply(String.join("", pieces));
            }

            @Override
            public LlmReply complete(LlmRequest request, TextListener listener) {
                for (String piece : pieces) {
                    listener.onText(piece);
                }
                return complete(request);
            }
        };
    }

    private static String shown(boolean terminal, String... pieces) throws Exception {
        StringWriter out = new StringWriter();
        try (StepPrinter printer =
                new StepPrinter(new Console(new PrintWriter(out), new PrintWriter(new StringWriter()), terminal))) {
            LlmReply reply = printer.live(streaming(pieces)).complete(HELLO);
            assertEquals(String.join("", pieces), reply.content(), "the reply is whole, whatever is shown");
        }
        return out.toString();
    }

    @Test
    void linesSplitAcrossPiecesAreShownWholeEachAfterThePrefix() throws Exception {
        assertEquals(
                "        > {\"a\": 1,\n        > \"b\": 2}\n        > \n        > end\n",
                shown(false, "{\"a\"", ": 1,\r", "\n\"b\": 2}\n", "\nend"));
    }

    @Test
    void controlCharactersAreEscapedAndOnATerminalOnlyThePrefixIsStyled() throws Exception {
        assertEquals(
                "\u001b[2m        > \u001b[0mtitle \\u001b]0;pwned\\u0007 \\u202e gone\n",
                shown(true, "title \u001b]0;pwned\u0007 ", "\u202e gone"));
    }

    @Test
    void aLongReplyIsCutAtTheLimitAndTheRestIsNotShown() throws Exception {
        String shown = shown(false, "x".repeat(StepPrinter.LIVE_CHARS - 2), "\u001b", "more", "\nand more");

        assertEquals(
                "        > " + "x".repeat(StepPrinter.LIVE_CHARS - 2) + "\\u"
                        + " ... (the rest of this reply is not shown live)\n",
                shown);
    }

    @Test
    void aClientThatCannotStreamShowsItsWholeReplyOnceItIsThere() throws Exception {
        StringWriter out = new StringWriter();
        try (StepPrinter printer =
                new StepPrinter(new Console(new PrintWriter(out), new PrintWriter(new StringWriter()), false))) {
            printer.live(request -> new LlmReply("{}\n{}")).complete(HELLO);
        }
        assertEquals("        > {}\n        > {}\n", out.toString());
    }
}
