package dev.agentfsm.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.llm.ChatMessage.Image;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The caps of {@link McpOptions} on a result's text and images, without a server. */
class ToolResultsTest {
    private static final String FOUR_BYTES = Base64.getEncoder().encodeToString(new byte[] {1, 2, 3, 4});

    private static McpSchema.CallToolResult pictures(int count) {
        McpSchema.CallToolResult.Builder result = McpSchema.CallToolResult.builder();
        for (int i = 0; i < count; i++) {
            result.addContent(new McpSchema.ImageContent(null, FOUR_BYTES, "image/png"));
        }
        return result.build();
    }

    @Test
    void anImageLargerThanMaxImageBytesIsReplacedByANote() {
        ActionResult result = ToolResults.toResult("picture", pictures(1), 1, McpOptions.DEFAULTS.withMaxImageBytes(3));
        assertEquals("[image left out: 4 bytes, more than 3]", result.output());
        assertEquals(0, McpDriver.images(result).size());

        ActionResult fits = ToolResults.toResult("picture", pictures(1), 1, McpOptions.DEFAULTS.withMaxImageBytes(4));
        assertEquals("[image 1: image/png]", fits.output());
        assertEquals(1, McpDriver.images(fits).size());
    }

    @Test
    void anImageOfATypeTheModelCannotReadIsLeftOut() {
        McpSchema.CallToolResult result = McpSchema.CallToolResult.builder()
                .addContent(new McpSchema.ImageContent(null, FOUR_BYTES, "text/html\u001b[2J"))
                .addContent(new McpSchema.ImageContent(null, FOUR_BYTES, "image/jpeg"))
                .build();
        ActionResult read = ToolResults.toResult("picture", result, 1, McpOptions.DEFAULTS);
        assertEquals(
                "[image left out: its type \"text/html\\u001b[2J\" is not one the model reads (image/gif,"
                        + " image/jpeg, image/png, image/webp)]\n[image 1: image/jpeg]",
                read.output());
        assertEquals(
                List.of("image/jpeg"),
                McpDriver.images(read).stream().map(Image::mimeType).toList());
    }

    @Test
    void imagesPastMaxImagesAreReplacedByANote() {
        ActionResult result = ToolResults.toResult("picture", pictures(3), 1, McpOptions.DEFAULTS);
        assertEquals(
                "[image 1: image/png]\n[image 2: image/png]\n[image left out: at most 2 per result]", result.output());
        assertEquals(2, McpDriver.images(result).size());
    }

    @Test
    void textItemsPastMaxResultCharsAreNotReadButCounted() {
        McpSchema.CallToolResult.Builder many = McpSchema.CallToolResult.builder();
        for (int i = 0; i < 30_000; i++) {
            many.addTextContent("a");
        }
        many.addContent(McpSchema.ImageContent.builder(FOUR_BYTES, "image/png").build());
        ActionResult result =
                ToolResults.toResult("many", many.build(), 1, McpOptions.DEFAULTS.withMaxResultChars(100));
        assertTrue(result.output().startsWith("a\na\na\n"), result.output());
        assertTrue(result.output().endsWith("\n[29949 more content items left out]"), result.output());
        assertEquals(1, McpDriver.images(result).size(), "an image after the cut is still kept");
        assertTrue(
                (Integer) result.data().get(McpDriver.CUT) > 100,
                "the result says it was cut, after how much text: " + result.data());
    }

    @Test
    void aResultSaysWhetherItsTextWasCut() {
        McpOptions options = McpOptions.DEFAULTS.withMaxResultChars(10);
        ActionResult whole = ToolResults.toResult("say", text("x".repeat(10)), 1, options);
        ActionResult cut = ToolResults.toResult("say", text("x".repeat(11)), 1, options);

        assertFalse(whole.data().containsKey(McpDriver.CUT), whole.data().toString());
        assertEquals(11, cut.data().get(McpDriver.CUT));
        assertEquals("x".repeat(10) + "... (11 chars)", cut.output());
    }

    private static McpSchema.CallToolResult text(String text) {
        return McpSchema.CallToolResult.builder().addTextContent(text).build();
    }
}
