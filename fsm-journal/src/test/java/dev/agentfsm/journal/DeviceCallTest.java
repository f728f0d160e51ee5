package dev.agentfsm.journal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.agentfsm.journal.DeviceCall.Codec;
import dev.agentfsm.runtime.device.ActionResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The codecs of {@link DeviceCall} read back what they write, and refuse what they did not write; a
 * device call's kind names a device and an operation. Recording and replaying such calls is shown with
 * the Windows agents' journaled desktop and screen (agents-windows, {@code JournaledWindowsAgentsTest}).
 */
class DeviceCallTest {

    @Test
    void eachCodecReadsBackWhatItWrote() {
        ActionResult failed = new ActionResult(false, "", Optional.of("no such control"), Map.of("code", 2L));
        Codec<ActionResult> results = Codec.actionResult();
        assertEquals(failed, results.read(results.write(failed)));
        assertEquals(ActionResult.ok("clicked"), results.read(results.write(ActionResult.ok("clicked"))));

        byte[] png = {(byte) 0x89, 'P', 'N', 'G', 0, -1};
        assertArrayEquals(png, Codec.bytes().read(Codec.bytes().write(png)));

        Codec<List<Optional<String>>> nested = Codec.list(Codec.optional(Codec.text()));
        List<Optional<String>> values = List.of(Optional.of("Delete Table"), Optional.empty());
        assertEquals(values, nested.read(nested.write(values)));
        assertEquals("[\"Delete Table\",null]", nested.write(values).toString());
    }

    @Test
    void aCodecRefusesWhatItDidNotWrite() {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        IllegalArgumentException notAResult = assertThrows(
                IllegalArgumentException.class, () -> Codec.actionResult().read(nodes.textNode("done")));
        assertTrue(notAResult.getMessage().contains("\"done\""), notAResult.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Codec.text().read(nodes.numberNode(3)));
        assertThrows(
                IllegalArgumentException.class, () -> Codec.list(Codec.text()).read(nodes.objectNode()));
        assertThrows(IllegalArgumentException.class, () -> Codec.bytes().read(nodes.numberNode(3)));
    }

    @Test
    void aDeviceCallsKindNamesTheDeviceAndTheOperation(@TempDir Path dir) throws Exception {
        try (Journal journal = Journal.create(dir.resolve("kinds.journal"))) {
            for (String kind :
                    List.of("click", "action", "Desktop.click", "desktop.", "desktop..click", "desk top.click")) {
                IllegalArgumentException refused = assertThrows(
                        IllegalArgumentException.class,
                        () -> journal.call(kind, Map.of(), Codec.text(), () -> "ran"),
                        kind);
                assertTrue(refused.getMessage().contains("\"" + kind + "\""), refused.getMessage());
            }
        }
    }
}
