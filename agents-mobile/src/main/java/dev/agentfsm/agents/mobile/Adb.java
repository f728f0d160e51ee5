package dev.agentfsm.agents.mobile;

import dev.agentfsm.agents.mobile.DeviceUnavailableException.Problem;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.internal.SafeText;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The {@code adb} command line aimed at one device: every call is {@code adb -s <serial> ...}, runs
 * with a time-out, and a failure that means the device cannot be used (gone, unauthorized, offline)
 * becomes a {@link DeviceUnavailableException} that says so.
 */
final class Adb {
    /** How much of what adb or the device said an error quotes, escaped: enough for adb's own messages. */
    static final int QUOTED_CHARS = 300;

    private final Path executable;
    private final String serial;
    private final ProcessRunner runner;

    private Adb(Path executable, String serial, ProcessRunner runner) {
        this.executable = executable;
        this.serial = serial;
        this.runner = runner;
    }

    /**
     * Connects to the device named by {@code serial} ({@code adb -s <serial> get-state}), or, without
     * one, to the only usable device {@code adb devices} lists.
     *
     * @throws DeviceUnavailableException when there is no such device, it cannot be used, or the choice is ambiguous
     */
    static Adb connect(Path executable, Optional<String> serial, ProcessRunner runner, Duration timeout)
            throws DriverException {
        if (serial.isPresent()) {
            Adb adb = new Adb(executable, serial.get(), runner);
            String state = adb.run(timeout, "get-state").stdoutText().strip();
            if (!state.equals("device")) {
                throw unusable(serial.get(), state);
            }
            return adb;
        }
        ProcessRunner.Result listed = runner.run(List.of(executable.toString(), "devices"), timeout);
        failIfError(List.of(executable.toString(), "devices"), listed, Optional.empty(), true);
        List<AdbDevices.Entry> devices = AdbDevices.parse(listed.stdoutText());
        List<AdbDevices.Entry> usable =
                devices.stream().filter(AdbDevices.Entry::usable).toList();
        if (usable.size() == 1) {
            return new Adb(executable, usable.get(0).serial(), runner);
        }
        if (usable.size() > 1) {
            throw new DeviceUnavailableException(
                    Problem.MORE_THAN_ONE,
                    Optional.empty(),
                    "more than one device is connected ("
                            + String.join(
                                    ", ",
                                    usable.stream()
                                            .map(entry -> SafeText.line(entry.serial(), 80))
                                            .toList())
                            + "); choose one with its serial (adb -s)");
        }
        if (!devices.isEmpty()) {
            throw unusable(devices.get(0).serial(), devices.get(0).state());
        }
        throw new DeviceUnavailableException(
                Problem.NO_DEVICE,
                Optional.empty(),
                "no Android device is connected (`adb devices` lists none); connect one with USB debugging on, "
                        + "or start an emulator");
    }

    /** The serial every call targets. */
    String serial() {
        return serial;
    }

    /** The full command line for {@code args}: {@code adb -s <serial> args...}. */
    List<String> argv(List<String> args) {
        List<String> argv = new ArrayList<>(args.size() + 3);
        argv.add(executable.toString());
        argv.add("-s");
        argv.add(serial);
        argv.addAll(args);
        return argv;
    }

    /**
     * Runs {@code adb -s <serial> args...}.
     *
     * @throws DriverException when it times out, the device cannot be used, or adb exits with an error
     */
    ProcessRunner.Result run(Duration timeout, String... args) throws DriverException {
        List<String> argv = argv(List.of(args));
        ProcessRunner.Result result = runner.run(argv, timeout);
        failIfError(argv, result, Optional.of(serial), true);
        return result;
    }

    /**
     * Runs {@code adb -s <serial> shell args...} for a command whose own failure the caller reads
     * (monkey exits non-zero when a package has no launcher); adb's failures still throw.
     */
    ProcessRunner.Result shellAllowingFailure(Duration timeout, String... args) throws DriverException {
        List<String> argv = argv(List.of(withShell(args)));
        ProcessRunner.Result result = runner.run(argv, timeout);
        failIfError(argv, result, Optional.of(serial), false);
        return result;
    }

    /** Runs {@code adb -s <serial> shell args...} and returns what it printed. */
    String shell(Duration timeout, String... args) throws DriverException {
        return run(timeout, withShell(args)).stdoutText();
    }

    private static String[] withShell(String... args) {
        String[] shellArgs = new String[args.length + 1];
        shellArgs[0] = "shell";
        System.arraycopy(args, 0, shellArgs, 1, args.length);
        return shellArgs;
    }

    private static void failIfError(
            List<String> argv, ProcessRunner.Result result, Optional<String> serial, boolean exitCodeCounts)
            throws DriverException {
        // only adb's own complaints count: a UI dump on stdout may well contain the words "device offline"
        String adbSaid = result.stderr()
                .lines()
                .map(String::strip)
                .filter(line -> line.startsWith("error:") || line.startsWith("adb:"))
                .collect(Collectors.joining("\n"));
        String lower = adbSaid.toLowerCase(Locale.ROOT);
        // the device's words go into the round's reason and the logs: escaped, so that they cannot drive a
        // terminal, and cut, since a device gone wrong can print megabytes
        String said = SafeText.line(adbSaid.isEmpty() ? result.stderr().strip() : adbSaid, QUOTED_CHARS);
        String command = "`" + String.join(" ", argv) + "`";
        String target = serial.map(s -> "device " + s).orElse("the device");
        if (lower.contains("no devices/emulators found")) {
            throw new DeviceUnavailableException(
                    Problem.NO_DEVICE,
                    serial,
                    "no Android device is connected (" + command + " said: " + firstLine(said)
                            + "); connect one with USB debugging on, or start an emulator");
        }
        if (lower.contains("error: device '") && lower.contains("' not found")) {
            throw new DeviceUnavailableException(
                    Problem.NOT_FOUND,
                    serial,
                    target
                            + " is not connected; it disconnected or the serial is wrong (" + command + " said: "
                            + firstLine(said) + "). Check `adb devices`, reconnect it and start a new round");
        }
        if (lower.contains("device unauthorized") || lower.contains("error: unauthorized")) {
            throw unusable(serial.orElse("?"), "unauthorized");
        }
        if (lower.contains("device offline") || lower.contains("error: offline")) {
            throw unusable(serial.orElse("?"), "offline");
        }
        if (lower.contains("more than one device")) {
            throw new DeviceUnavailableException(
                    Problem.MORE_THAN_ONE,
                    serial,
                    "more than one device is connected; choose one with its serial (adb -s)");
        }
        if (exitCodeCounts && result.exitCode() != 0) {
            throw new DriverException(command + " failed on " + target + " with exit code " + result.exitCode()
                    + (said.isEmpty() ? "" : ": " + said));
        }
    }

    private static DeviceUnavailableException unusable(String rawSerial, String rawState) {
        // both come from adb's output (get-state, devices): escaped like everything else it says
        String serial = SafeText.line(rawSerial, 80);
        String state = SafeText.line(rawState, 80);
        return switch (state) {
            case "unauthorized" ->
                new DeviceUnavailableException(
                        Problem.UNAUTHORIZED,
                        Optional.of(serial),
                        "device " + serial + " is unauthorized: unlock it and accept the \"Allow USB debugging?\" "
                                + "prompt for this computer, then try again");
            case "offline" ->
                new DeviceUnavailableException(
                        Problem.OFFLINE,
                        Optional.of(serial),
                        "device " + serial + " is offline: reconnect its cable (or restart the emulator), "
                                + "or run `adb kill-server`, then try again");
            case "no permissions" ->
                new DeviceUnavailableException(
                        Problem.NOT_READY,
                        Optional.of(serial),
                        "adb has no permission to open device " + serial + "'s USB port: add a udev rule for it (or add"
                                + " yourself to the plugdev group), replug it, run `adb kill-server`, then try again");
            default ->
                new DeviceUnavailableException(
                        Problem.NOT_READY,
                        Optional.of(serial),
                        "device " + serial + " is in state \"" + state + "\", not \"device\"; wait until "
                                + "`adb devices` lists it as \"device\", then try again");
        };
    }

    /** The first line of {@code said} (already escaped by {@link SafeText#line}, which writes a newline as {@code \n}). */
    private static String firstLine(String said) {
        int newline = said.indexOf("\\n");
        return (newline < 0 ? said : said.substring(0, newline)).strip();
    }
}
