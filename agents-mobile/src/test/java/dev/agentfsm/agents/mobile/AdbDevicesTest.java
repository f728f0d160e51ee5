package dev.agentfsm.agents.mobile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code adb devices} as real adb versions print it. */
class AdbDevicesTest {

    @Test
    void readsEveryStateAndSkipsTheRest() {
        String output =
                """
                * daemon not running; starting now at tcp:5037
                * daemon started successfully
                List of devices attached
                emulator-5554\tdevice
                R58M123ABC\tunauthorized
                0123456789ABCDEF\toffline
                HT7A1B234567\tno permissions (missing udev rules? user is in the plugdev group); see [http://developer.android.com/tools/device.html]
                192.168.1.20:5555\tdevice product:sdk_gphone_x86 model:sdk_gphone_x86 device:generic_x86_arm transport_id:3

                """;
        assertEquals(
                List.of(
                        new AdbDevices.Entry("emulator-5554", "device"),
                        new AdbDevices.Entry("R58M123ABC", "unauthorized"),
                        new AdbDevices.Entry("0123456789ABCDEF", "offline"),
                        new AdbDevices.Entry("HT7A1B234567", "no permissions"),
                        new AdbDevices.Entry("192.168.1.20:5555", "device")),
                AdbDevices.parse(output));
        assertEquals(List.of(), AdbDevices.parse("List of devices attached\n\n"));
    }
}
