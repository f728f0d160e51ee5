package dev.agentfsm.agents.mobile;

import static dev.agentfsm.agents.mobile.StandInAdb.shell;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Numbers from the model that do not fit what the device takes: refused with the value and the range,
 * with no call on the device, never wrapped or clamped into another value that the device would act on.
 */
class ModelArgumentsTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    private StandInAdb device;
    private AdbDriver driver;

    @BeforeEach
    void connect() throws Exception {
        device = StandInAdb.install(dir).with("ADB_STANDIN_SCREEN", "network");
        driver = device.connect(new MutableClock());
        device.clearCalls();
    }

    @Test
    void aCoordinateBeyondIntIsRefusedNotWrappedOntoTheScreen() throws Exception {
        // 2^32 + 100: a long's intValue() is 100, a point on the screen
        ActionResult result = driver.execute(new Action("tap", Map.of("x", 4_294_967_396L, "y", 200)), TIMEOUT);
        assertRefused("tap needs 'x' to be a whole number from -2147483648 to 2147483647; got 4294967396", result);
        result = driver.execute(
                new Action("tap", Map.of("x", 100, "y", new BigInteger("18446744073709551816"))), TIMEOUT);
        assertRefused(
                "tap needs 'y' to be a whole number from -2147483648 to 2147483647; got 18446744073709551816", result);
        result = driver.execute(new Action("tap", Map.of("x", 1e20, "y", 200)), TIMEOUT);
        assertRefused("tap needs 'x' to be a whole number from -2147483648 to 2147483647; got 1.0E20", result);
        assertEquals(List.of(), device.calls(), "nothing reaches the device");
    }

    @Test
    void aControlIdBeyondIntDoesNotClickAnotherControl() throws Exception {
        driver.controls();
        device.clearCalls();
        // 2^32 + 7: wrapped, it is control 7, the Wi-Fi switch
        ActionResult result =
                driver.execute(new Action("click_control", Map.of("control_id", 4_294_967_303L)), TIMEOUT);
        assertRefused(
                "click_control needs 'control_id' to be a whole number from -2147483648 to 2147483647;"
                        + " got 4294967303",
                result);
        assertEquals(List.of(), device.calls(), "no tap");
    }

    @Test
    void aSwipeLongerThanTheCallMayTakeIsRefusedInsteadOfTimingOut() throws Exception {
        // input swipe would hold the call for an hour: the time-out would kill it and fail the round
        ActionResult result = driver.execute(
                new Action(
                        "swipe",
                        Map.of("start_x", 540, "start_y", 1800, "end_x", 540, "end_y", 600, "duration", 3_600_000)),
                TIMEOUT);
        assertRefused("swipe duration must be from 0 to 5000 ms; got 3600000 ms", result);
        assertEquals(List.of(), device.calls(), "no swipe");
        ActionResult longest = driver.execute(
                new Action(
                        "swipe", Map.of("start_x", 540, "start_y", 1800, "end_x", 540, "end_y", 600, "duration", 5000)),
                TIMEOUT);
        assertEquals(true, longest.success(), longest.toString());
        assertEquals(List.of(shell("input", "swipe", "540", "1800", "540", "600", "5000")), device.calls());
    }

    private static void assertRefused(String reason, ActionResult result) {
        assertFalse(result.success(), result.toString());
        assertEquals(reason, result.reason().orElseThrow());
    }
}
