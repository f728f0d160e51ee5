package dev.agentfsm.agents.mobile;

import dev.agentfsm.runtime.device.DriverException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the {@code adb} executable the way the Android SDK documents it: {@code platform-tools} under
 * {@code ANDROID_HOME}, then under {@code ANDROID_SDK_ROOT}, then each directory on {@code PATH}. The
 * environment is a parameter so that tests can point it at a stand-in.
 */
final class AdbLocator {
    private static final List<String> SDK_VARIABLES = List.of("ANDROID_HOME", "ANDROID_SDK_ROOT");

    private AdbLocator() {}

    /**
     * The first executable {@code adb} in the search order.
     *
     * @throws DriverException listing every place looked in when there is none
     */
    static Path locate(Map<String, String> environment) throws DriverException {
        List<String> looked = new ArrayList<>();
        for (String variable : SDK_VARIABLES) {
            Optional<String> sdk = nonBlank(environment.get(variable));
            if (sdk.isEmpty()) {
                looked.add(variable + " (not set)");
                continue;
            }
            Path platformTools = Path.of(sdk.get(), "platform-tools");
            Optional<Path> adb = executableIn(platformTools);
            if (adb.isPresent()) {
                return adb.get();
            }
            looked.add(variable + "/platform-tools (" + platformTools + ")");
        }
        Optional<String> path = nonBlank(environment.get("PATH"));
        for (String directory : path.map(p -> p.split(File.pathSeparator)).orElse(new String[0])) {
            if (!directory.isBlank()) {
                Optional<Path> adb = executableIn(Path.of(directory));
                if (adb.isPresent()) {
                    return adb.get();
                }
            }
        }
        looked.add(path.isPresent() ? "PATH (" + path.get() + ")" : "PATH (not set)");
        throw new DriverException("adb not found; looked in " + String.join(", ", looked)
                + ". Install the Android SDK platform-tools and set ANDROID_HOME to the SDK, or put adb on PATH");
    }

    private static Optional<Path> executableIn(Path directory) {
        for (String name : executableNames()) {
            Path candidate = directory.resolve(name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    private static List<String> executableNames() {
        return System.getProperty("os.name", "").startsWith("Windows") ? List.of("adb.exe", "adb") : List.of("adb");
    }

    private static Optional<String> nonBlank(String value) {
        return Optional.ofNullable(value).filter(v -> !v.isBlank());
    }
}
