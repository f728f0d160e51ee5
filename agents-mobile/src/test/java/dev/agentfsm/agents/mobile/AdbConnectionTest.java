package dev.agentfsm.agents.mobile;

import static dev.agentfsm.agents.mobile.StandInAdb.adb;
import static dev.agentfsm.agents.mobile.StandInAdb.shell;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.mobile.DeviceUnavailableException.Problem;
import dev.agentfsm.runtime.device.DriverException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding adb, choosing the device, and what happens when the device goes away or hangs. */
class AdbConnectionTest {

    @TempDir
    Path dir;

    @Test
    void adbIsFoundUnderAndroidHomeThenAndroidSdkRootThenPath() throws Exception {
        Path home = executable(dir.resolve("home/platform-tools/adb"));
        Path root = executable(dir.resolve("root/platform-tools/adb"));
        Path onPath = executable(dir.resolve("bin/adb"));
        String path = dir.resolve("nothing") + java.io.File.pathSeparator + dir.resolve("bin");
        assertEquals(
                home,
                AdbLocator.locate(Map.of(
                        "ANDROID_HOME",
                        dir.resolve("home").toString(),
                        "ANDROID_SDK_ROOT",
                        dir.resolve("root").toString(),
                        "PATH",
                        path)));
        assertEquals(
                root,
                AdbLocator.locate(Map.of(
                        "ANDROID_HOME",
                        dir.resolve("empty").toString(),
                        "ANDROID_SDK_ROOT",
                        dir.resolve("root").toString(),
                        "PATH",
                        path)));
        assertEquals(onPath, AdbLocator.locate(Map.of("PATH", path)));
    }

    @Test
    void aMissingAdbSaysWhereItLookedAndWhatToDo() throws Exception {
        Files.createDirectories(dir.resolve("home/platform-tools"));
        Files.writeString(dir.resolve("home/platform-tools/adb"), "not executable");
        DriverException e = assertThrows(
                DriverException.class,
                () -> AdbLocator.locate(Map.of(
                        "ANDROID_HOME",
                        dir.resolve("home").toString(),
                        "PATH",
                        dir.resolve("bin").toString())));
        assertEquals(
                "adb not found; looked in ANDROID_HOME/platform-tools (" + dir.resolve("home/platform-tools")
                        + "), ANDROID_SDK_ROOT (not set), PATH (" + dir.resolve("bin") + "). Install the Android SDK"
                        + " platform-tools and set ANDROID_HOME to the SDK, or put adb on PATH",
                e.getMessage());
    }

    @Test
    void withoutASerialTheOnlyDeviceIsUsed() throws Exception {
        StandInAdb device = StandInAdb.install(dir);
        AdbDriver driver = AdbDriver.connect(device.driver());
        assertEquals("emulator-5554", driver.serial());
        assertEquals("adb:emulator-5554", driver.name());
        assertEquals(List.of(List.of("devices")), device.calls());
        driver.tap(1, 2);
        assertEquals(shell("input", "tap", "1", "2"), device.calls().get(1), "and then named with -s on every call");
    }

    @Test
    void aGivenAdbIsUsedWithoutLookingForOne() throws Exception {
        StandInAdb device = StandInAdb.install(dir);
        Map<String, String> environment = new HashMap<>(device.environment());
        environment.put("ANDROID_HOME", dir.resolve("no-sdk").toString());
        MobileDevice.Builder settings = device.driver().environment(environment);
        try (MobileDevice phone = settings.adbExecutable(device.executable())
                .serial(StandInAdb.SERIAL)
                .connect()) {
            assertEquals("adb:emulator-5554", phone.name());
        }
        assertEquals(List.of(List.of("-s", "emulator-5554", "get-state")), device.calls());
    }

    @Test
    void anAdbDriverIsNotMadeFromSettingsForMobileMcp() {
        MobileDevice.Builder settings = MobileDevice.builder().mobileMcp(List.of("mcp-server-mobile"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AdbDriver.connect(settings));
        assertEquals(
                "these settings drive the device through mobile-mcp (mcp-server-mobile); call their connect()"
                        + " instead, or leave mobileMcp out for adb",
                e.getMessage());
    }

    @Test
    void noDeviceIsAClearError() {
        StandInAdb device = StandInAdb.install(dir).with("ADB_STANDIN_DEVICES", "");
        DeviceUnavailableException e = assertThrows(
                DeviceUnavailableException.class, () -> device.driver().connect());
        assertEquals(Problem.NO_DEVICE, e.problem());
        assertEquals(
                "no Android device is connected (`adb devices` lists none); connect one with USB debugging on,"
                        + " or start an emulator",
                e.getMessage());
    }

    @Test
    void anUnauthorizedDeviceSaysToAcceptThePrompt() {
        StandInAdb device = StandInAdb.install(dir).with("ADB_STANDIN_DEVICES", "R58M123ABC:unauthorized");
        for (MobileDevice.Builder builder :
                List.of(device.driver(), device.driver().serial("R58M123ABC"))) {
            DeviceUnavailableException e = assertThrows(DeviceUnavailableException.class, builder::connect);
            assertEquals(Problem.UNAUTHORIZED, e.problem());
            assertEquals(Optional.of("R58M123ABC"), e.serial());
            assertEquals(
                    "device R58M123ABC is unauthorized: unlock it and accept the \"Allow USB debugging?\" prompt"
                            + " for this computer, then try again",
                    e.getMessage());
        }
        assertEquals(List.of(List.of("devices"), List.of("-s", "R58M123ABC", "get-state")), device.calls());
    }

    @Test
    void anOfflineDeviceSaysToReconnect() {
        StandInAdb device = StandInAdb.install(dir).with("ADB_STANDIN_DEVICES", "emulator-5556:offline");
        for (MobileDevice.Builder builder :
                List.of(device.driver(), device.driver().serial("emulator-5556"))) {
            DeviceUnavailableException e = assertThrows(DeviceUnavailableException.class, builder::connect);
            assertEquals(Problem.OFFLINE, e.problem());
            assertTrue(e.getMessage().startsWith("device emulator-5556 is offline: reconnect"), e.getMessage());
        }
    }

    @Test
    void aDeviceWithoutUsbPermissionOrInRecoverySaysSo() {
        StandInAdb device = StandInAdb.install(dir).with("ADB_STANDIN_DEVICES", "HT7A1B234567:recovery");
        DeviceUnavailableException e = assertThrows(
                DeviceUnavailableException.class, () -> device.driver().connect());
        assertEquals(Problem.NOT_READY, e.problem());
        assertEquals(
                "device HT7A1B234567 is in state \"recovery\", not \"device\"; wait until `adb devices` lists it"
                        + " as \"device\", then try again",
                e.getMessage());
    }

    @Test
    void aWrongSerialOrSeveralDevices() {
        StandInAdb device =
                StandInAdb.install(dir).with("ADB_STANDIN_DEVICES", "emulator-5554:device R58M123ABC:device");
        DeviceUnavailableException several = assertThrows(
                DeviceUnavailableException.class, () -> device.driver().connect());
        assertEquals(Problem.MORE_THAN_ONE, several.problem());
        assertEquals(
                "more than one device is connected (emulator-5554, R58M123ABC); choose one with its serial (adb -s)",
                several.getMessage());
        DeviceUnavailableException wrong = assertThrows(
                DeviceUnavailableException.class,
                () -> device.driver().serial("emulator-9999").connect());
        assertEquals(Problem.NOT_FOUND, wrong.problem());
        assertTrue(
                wrong.getMessage()
                        .startsWith("device emulator-9999 is not connected; it disconnected or the serial"
                                + " is wrong (`" + device.executable()
                                + " -s emulator-9999 get-state` said: error: device 'emulator-9999'"
                                + " not found)"),
                wrong.getMessage());
    }

    @Test
    void aDeviceThatDisconnectsMidwayFailsTheNextCall() throws Exception {
        StandInAdb device = StandInAdb.install(dir).with("ADB_STANDIN_DISCONNECT_AFTER", "2");
        AdbDriver driver = device.connect(new MutableClock());
        driver.tap(5, 6);
        DeviceUnavailableException e = assertThrows(DeviceUnavailableException.class, () -> driver.tap(7, 8));
        assertEquals(Problem.NOT_FOUND, e.problem());
        assertTrue(e.getMessage().contains("device emulator-5554 is not connected; it disconnected"), e.getMessage());
        assertTrue(e.getMessage().contains("said: error: device 'emulator-5554' not found"), e.getMessage());
        assertEquals(
                List.of(adb("get-state"), shell("input", "tap", "5", "6"), shell("input", "tap", "7", "8")),
                device.calls());
    }

    @Test
    void aHungAdbIsKilledWithItsChildrenAtTheTimeOut() throws Exception {
        StandInAdb device = StandInAdb.install(dir).with("ADB_STANDIN_HANG_AFTER", "1");
        MobileDevice driver = device.driver()
                .serial(StandInAdb.SERIAL)
                .commandTimeout(StandInAdb.HANG_TIMEOUT)
                .connect();
        long start = System.nanoTime();
        DriverException e = assertThrows(DriverException.class, driver::controls);
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        // no upper bound on the time (it would depend on the machine's speed): the message and the hung child's
        // end below show that the time-out, not the hang's end, stopped it
        assertTrue(took.compareTo(StandInAdb.HANG_TIMEOUT) >= 0, "waited the time-out: " + took);
        assertTrue(
                e.getMessage()
                        .startsWith("`" + device.executable() + " -s emulator-5554 shell uiautomator dump"
                                + " /sdcard/window_dump.xml` did not finish within "
                                + StandInAdb.HANG_TIMEOUT.toMillis() + " ms; killed it and 1 child process(es)"),
                e.getMessage());
        long sleeper = Long.parseLong(
                Files.readString(device.stateDirectory().resolve("hang.pid")).strip());
        assertFalse(ProcessHandle.of(sleeper).map(ProcessHandle::isAlive).orElse(false), "the hung child is gone too");
    }

    private static Path executable(Path file) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, "#!/bin/sh\n");
        file.toFile().setExecutable(true);
        return file;
    }
}
