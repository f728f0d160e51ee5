package dev.agentfsm.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.agentfsm.runtime.device.ActionResult;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** The caps of {@link McpOptions} on a result's images, without a server. */
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
    void imagesPastMaxImagesAreReplacedByANote() {
        ActionResult result = ToolResults.toResult("picture", pictures(3), 1, McpOptions.DEFAULTS);
        assertEquals(
                "[image 1: image/png]\n[image 2: image/png]\n[image left out: at most 2 per result]", result.output());
        assertEquals(2, McpDriver.images(result).size());
    }
}
