package dev.agentfsm.agents.linux.shell;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The programs the driver starts commands through, found in the system's own directories (never on the
 * configured search path): util-linux's {@code setpriv}, {@code prlimit} and {@code setsid}, which every
 * sandbox needs, and {@code unshare} and {@code kill}, which some use; {@code test} for the probes; {@code sh}
 * for the {@link GroupWatchdog} of the sandboxes without a PID namespace.
 */
record SystemTools(
        Path setpriv,
        Path prlimit,
        Path setsid,
        Optional<Path> unshare,
        Optional<Path> kill,
        Path test,
        Optional<Path> sh) {

    /** Where the tools are looked up. */
    static final List<Path> DIRECTORIES =
            List.of(Path.of("/usr/bin"), Path.of("/bin"), Path.of("/usr/sbin"), Path.of("/sbin"));

    /**
     * The tools of this machine.
     *
     * @throws IllegalStateException naming the missing tools when {@code setpriv}, {@code prlimit},
     *     {@code setsid} or {@code test} is not installed
     */
    static SystemTools find() {
        Map<String, Optional<Path>> required = new LinkedHashMap<>();
        for (String name : List.of("setpriv", "prlimit", "setsid", "test")) {
            required.put(name, find(name));
        }
        List<String> missing = required.entrySet().stream()
                .filter(entry -> entry.getValue().isEmpty())
                .map(Map.Entry::getKey)
                .toList();
        if (!missing.isEmpty()) {
            throw new IllegalStateException("the shell driver starts every command through util-linux's setpriv,"
                    + " prlimit and setsid (a new session, resource limits, death with the agent), but "
                    + String.join(", ", missing) + " is not in "
                    + String.join(":", DIRECTORIES.stream().map(Path::toString).toList())
                    + "; install util-linux (and coreutils for test)");
        }
        return new SystemTools(
                required.get("setpriv").get(),
                required.get("prlimit").get(),
                required.get("setsid").get(),
                find("unshare"),
                find("kill"),
                required.get("test").get(),
                find("sh"));
    }

    private static Optional<Path> find(String name) {
        return DIRECTORIES.stream()
                .map(dir -> dir.resolve(name))
                .filter(path -> Files.isRegularFile(path) && Files.isExecutable(path))
                .findFirst();
    }

    /** The effective user id of this process (the owner of {@code /proc/self}). */
    static int effectiveUid() {
        try {
            return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        } catch (IOException | UnsupportedOperationException e) {
            throw new IllegalStateException(
                    "cannot tell which user runs the agent (no /proc/self): " + e.getMessage(), e);
        }
    }
}
