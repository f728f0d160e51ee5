package dev.agentfsm.agents.linux.shell;

import dev.agentfsm.mcp.ProcessTree;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a command is started and stopped in its {@link Sandbox}: the chain of util-linux programs in front
 * of it, its own temporary directory, and the signals that end it and everything it started.
 *
 * <p>A command line {@code grep -c ERROR app.log}, as root, becomes
 * <pre>
 * setpriv --pdeathsig=KILL --                                  dies when the agent's launcher thread dies
 *   unshare --pid --fork --kill-child --                       a PID namespace; its init dies with unshare
 *   prlimit --as=… --cpu=… --fsize=… --core=0 --nproc=… --     the resource limits
 *   setpriv --reuid=65534 --regid=65534 --clear-groups --pdeathsig=KILL --    user nobody
 *   setsid --                                                  a new session: no terminal, its own group
 *   /usr/bin/grep -c ERROR app.log
 * </pre>
 * {@code setpriv} sets the parent-death signal again after changing the user, because the kernel clears it
 * then. The parent-death signal fires when the <em>thread</em> that started the process ends, so every
 * command is started from one thread that lives as long as the JVM ({@link #start}).
 */
final class Confinement {
    private static final Logger LOG = LoggerFactory.getLogger(Confinement.class);

    /** The user (and group) commands run as when the agent runs as root: {@code nobody}. */
    static final int NOBODY = 65534;

    private static final long PROBE_SECONDS = 10;
    /** The exit code of a command whose gate closed: the agent died before its group was watched. */
    static final int GATE_CLOSED = 125;

    /** The thread every command is started from; it never ends, so a parent-death signal fires only with the JVM. */
    private static final ExecutorService LAUNCHER = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "shell-driver-launcher");
        thread.setDaemon(true);
        return thread;
    });

    /** The name of every command's temporary directory starts with this. */
    static final String TEMPORARY_PREFIX = "agentfsm-cmd-";

    /**
     * How old a command's temporary directory must be to count as left behind by an agent that was
     * killed: far longer than a command may run (two minutes, a grace period and the draining of its output).
     */
    static final Duration STALE = Duration.ofMinutes(10);

    private static Sandbox strongest;
    private static boolean swept;
    /** Guarded by {@code Confinement.class}: one watchdog for every driver of this JVM. */
    private static GroupWatchdog watchdog;

    private final SystemTools tools;
    private final Sandbox sandbox;
    private final ShellLimits limits;

    Confinement(SystemTools tools, Sandbox sandbox, ShellLimits limits) {
        this.tools = tools;
        this.sandbox = sandbox;
        this.limits = limits;
    }

    Sandbox sandbox() {
        return sandbox;
    }

    /**
     * The strongest sandbox this system allows, found once per JVM by starting a command in each
     * candidate: as root, {@code nobody} in a PID namespace, then {@code nobody}; otherwise user and PID
     * namespaces; {@link Sandbox#NONE} when nothing else works.
     */
    static synchronized Sandbox strongest(SystemTools tools) {
        if (strongest == null) {
            List<Sandbox> candidates = SystemTools.effectiveUid() == 0
                    ? List.of(Sandbox.NOBODY_IN_PID_NAMESPACE, Sandbox.NOBODY)
                    : List.of(Sandbox.OWN_NAMESPACES);
            strongest = candidates.stream()
                    .filter(sandbox -> works(tools, sandbox))
                    .findFirst()
                    .orElse(Sandbox.NONE);
        }
        return strongest;
    }

    /** Whether a trivial command starts and succeeds in {@code sandbox} on this system. */
    static boolean works(SystemTools tools, Sandbox sandbox) {
        if (sandbox.containsEveryProcess() && tools.unshare().isEmpty()) {
            return false;
        }
        try {
            Probe probe = new Confinement(tools, sandbox, ShellLimits.DEFAULTS)
                    .probe(Path.of("/"), List.of(tools.test().toString(), "-n", "x"));
            return probe.exitCode() == 0;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Checks that the user commands run as may list and enter {@code root}.
     *
     * @throws IllegalArgumentException naming the root and the user, when it may not
     */
    void checkReadable(Path root) {
        if (!sandbox.runsAsNobody()) {
            return; // commands run as the agent's user, who could open the root to make the driver
        }
        Probe probe;
        try {
            probe = probe(root, List.of(tools.test().toString(), "-r", ".", "-a", "-x", "."));
        } catch (IOException e) {
            throw new IllegalStateException(
                    "cannot start a command in the sandbox (" + sandbox + "): " + e.getMessage(), e);
        }
        if (probe.exitCode() == 1) {
            throw new IllegalArgumentException("the shell's root '" + root + "' cannot be read by user nobody (uid "
                    + NOBODY + "), who runs the commands because the agent runs as root; make it readable"
                    + " (chmod o+rx '" + root + "') or run the agent as another user");
        }
        if (probe.exitCode() != 0) {
            throw new IllegalStateException("cannot start a command in the sandbox (" + sandbox + "), exit code "
                    + probe.exitCode() + ": " + probe.output().strip());
        }
    }

    /** {@code argv} (its first word the program's absolute path) behind the sandbox's chain of programs. */
    List<String> wrap(List<String> argv) {
        return chain(argv, !sandbox.containsEveryProcess());
    }

    /**
     * {@code argv} behind the sandbox's chain of programs; with {@code gate}, the chain waits for
     * {@link #launch} to open it (a line {@code go} on its input) once its process group is watched, and
     * exits with {@link #GATE_CLOSED} if the input ends first (the agent died in between). Every program
     * of the chain {@code exec}s the next, so the group's id stays the pid of the process started.
     */
    private List<String> chain(List<String> argv, boolean gate) {
        List<String> words = new ArrayList<>(List.of(tools.setpriv().toString(), "--pdeathsig=KILL", "--"));
        if (gate) {
            words.addAll(List.of(
                    sh().toString(),
                    "-c",
                    "IFS= read -r gate && [ \"$gate\" = go ] && exec \"$@\"; exit " + GATE_CLOSED,
                    "agentfsm-gate"));
        }
        if (sandbox == Sandbox.NOBODY_IN_PID_NAMESPACE) {
            words.addAll(List.of(unshare(), "--pid", "--fork", "--kill-child", "--"));
        } else if (sandbox == Sandbox.OWN_NAMESPACES) {
            // --map-current-user, not --map-root-user: as root in the namespace a command could unmount the
            // new /proc and see the agent's again
            words.addAll(List.of(
                    unshare(),
                    "--user",
                    "--map-current-user",
                    "--pid",
                    "--fork",
                    "--kill-child",
                    "--mount-proc",
                    "--"));
        }
        words.addAll(List.of(
                tools.prlimit().toString(),
                "--as=" + limits.addressSpaceBytes(),
                "--cpu=" + limits.cpuSeconds(),
                "--fsize=" + limits.fileSizeBytes(),
                "--core=0"));
        if (sandbox != Sandbox.NONE) {
            // counted per user (per user namespace): only where commands have a user or namespace of their own,
            // not where the agent's own processes and threads would count against it
            words.add("--nproc=" + limits.processes());
        }
        words.add("--");
        if (sandbox.runsAsNobody()) {
            words.addAll(List.of(
                    tools.setpriv().toString(),
                    "--reuid=" + NOBODY,
                    "--regid=" + NOBODY,
                    "--clear-groups",
                    "--pdeathsig=KILL",
                    "--"));
        }
        words.addAll(List.of(tools.setsid().toString(), "--"));
        words.addAll(argv);
        return words;
    }

    /**
     * Starts a command's chain of programs ({@link #wrap}) built into {@code builder}. Without a PID namespace,
     * its process group is put under the {@link GroupWatchdog}, so that its children die with the agent too;
     * {@link #kill} takes it off again.
     *
     * @throws IOException if it cannot be started, or its group cannot be watched (it is killed then)
     */
    Process launch(ProcessBuilder builder) throws IOException {
        Process process = start(builder);
        if (!sandbox.containsEveryProcess()) {
            try {
                watchdog().watch(process.pid());
                OutputStream input = process.getOutputStream();
                input.write("go\n".getBytes(StandardCharsets.US_ASCII)); // opens the gate of wrap's chain
                input.flush();
            } catch (IOException | RuntimeException e) {
                signalGroup(process, "KILL");
                process.toHandle().destroyForcibly();
                throw new IOException(
                        "the command was stopped: the watchdog that kills its processes if the agent"
                                + " dies cannot watch it (" + e.getMessage() + ")",
                        e);
            }
        }
        return process;
    }

    /** The JVM's one watchdog, started when first needed and again if it was killed. */
    private GroupWatchdog watchdog() throws IOException {
        synchronized (Confinement.class) {
            if (watchdog == null || !watchdog.isAlive()) {
                watchdog = GroupWatchdog.start(tools.setsid(), sh());
            }
            return watchdog;
        }
    }

    /**
     * Starts {@code builder} from the launcher thread, which lives as long as the JVM, so that the
     * parent-death signal fires only when the agent dies. An interrupt while waiting is kept for the caller.
     */
    static Process start(ProcessBuilder builder) throws IOException {
        Future<Process> started = LAUNCHER.submit(builder::start);
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return started.get();
                } catch (InterruptedException e) {
                    interrupted = true; // the process may be starting: wait for it, so it can be stopped
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof IOException io) {
                        throw io;
                    }
                    throw new IllegalStateException(
                            "starting " + builder.command().get(0), e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** A new, empty directory for the command's temporary files, which only its user may use. */
    Path createTemporaryDirectory() throws IOException {
        Path dir = Files.createTempDirectory(
                TEMPORARY_PREFIX, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        if (sandbox.runsAsNobody()) {
            Files.setAttribute(dir, "unix:gid", NOBODY);
            Files.setAttribute(dir, "unix:uid", NOBODY);
        }
        return dir;
    }

    /**
     * Once per JVM, deletes the commands' temporary directories that an agent killed with SIGKILL left in
     * the system's temporary directory (see {@link #deleteStale}).
     */
    static synchronized void deleteStaleOnce() {
        if (!swept) {
            swept = true;
            deleteStale(
                    Path.of(System.getProperty("java.io.tmpdir")), Instant.now().minus(STALE));
        }
    }

    /**
     * Deletes the directories in {@code parent} named like a command's temporary directory, last changed
     * before {@code before}, and owned by this user (or, for root, by {@code nobody}); returns how many.
     */
    static int deleteStale(Path parent, Instant before) {
        int self = SystemTools.effectiveUid();
        int deleted = 0;
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(parent, TEMPORARY_PREFIX + "*")) {
            for (Path dir : dirs) {
                int owner = (Integer) Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS);
                boolean ours = owner == self || (self == 0 && owner == NOBODY);
                if (ours
                        && Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)
                        && Files.getLastModifiedTime(dir, LinkOption.NOFOLLOW_LINKS)
                                .toInstant()
                                .isBefore(before)) {
                    delete(dir);
                    deleted++;
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("could not delete the commands' old temporary directories in {}: {}", parent, e.toString());
        }
        return deleted;
    }

    /**
     * The bytes of the regular files under {@code dir}, counted until they pass {@code enough}; entries
     * that vanish while counting are skipped, and links are not followed (as in {@link #delete}).
     */
    static long usedBytes(Path dir, long enough) throws IOException {
        try (DirectoryStream<Path> stream =
                Files.newDirectoryStream(dir.toAbsolutePath().getParent())) {
            if (!(stream instanceof SecureDirectoryStream<Path> parent)) {
                throw new IOException("this file system cannot measure " + dir + " without following links");
            }
            return usedBytes(parent, dir.getFileName(), 0, enough);
        }
    }

    private static long usedBytes(SecureDirectoryStream<Path> parent, Path name, long counted, long enough) {
        try {
            BasicFileAttributes attributes = parent.getFileAttributeView(
                            name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                    .readAttributes();
            if (!attributes.isDirectory()) {
                return counted + (attributes.isRegularFile() ? attributes.size() : 0);
            }
            try (SecureDirectoryStream<Path> directory = parent.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS)) {
                for (Path entry : directory) {
                    counted = usedBytes(directory, entry.getFileName(), counted, enough);
                    if (counted > enough) {
                        break;
                    }
                }
            }
        } catch (IOException | java.nio.file.DirectoryIteratorException e) {
            // gone while counting, or swapped for a link: nothing to count there
        }
        return counted;
    }

    /**
     * Deletes {@code dir} and everything in it without following a link anywhere: the directory belongs
     * to the command's user, who could swap a directory in it for a link to {@code /etc} while root
     * deletes it. Every step works relative to an open directory ({@code openat}, {@code unlinkat}).
     */
    static void delete(Path dir) throws IOException {
        Path parent = dir.toAbsolutePath().getParent();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(parent)) {
            if (!(stream instanceof SecureDirectoryStream<Path> secureParent)) {
                throw new IOException("this file system cannot delete " + dir + " without following links");
            }
            deleteEntry(secureParent, dir.getFileName());
        }
    }

    private static void deleteEntry(SecureDirectoryStream<Path> parent, Path name) throws IOException {
        BasicFileAttributes attributes;
        try {
            attributes = parent.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                    .readAttributes();
        } catch (NoSuchFileException e) {
            return;
        }
        if (!attributes.isDirectory()) {
            parent.deleteFile(name); // a file, or a link itself
            return;
        }
        // a directory swapped for a link after the check cannot be opened: NOFOLLOW_LINKS refuses it
        try (SecureDirectoryStream<Path> directory = parent.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS)) {
            List<Path> entries = new ArrayList<>();
            directory.forEach(entry -> entries.add(entry.getFileName()));
            for (Path entry : entries) {
                deleteEntry(directory, entry);
            }
        }
        parent.deleteDirectory(name);
    }

    /**
     * Asks the command and everything it started to end (SIGTERM): every descendant of the process the
     * driver started, and, without a PID namespace, the command's process group, where a child whose
     * parent has already exited still is.
     */
    void terminate(Process process) {
        process.toHandle().descendants().forEach(ProcessHandle::destroy);
        process.toHandle().destroy(); // not Process.destroy(), which also closes the output being read
        signalGroup(process, "TERM");
    }

    /**
     * Kills the command and everything it started (SIGKILL). In a PID namespace, killing its init ends
     * every process in it at once, with no race against a fork; without one, the command's process group
     * and every descendant are killed.
     */
    void kill(Process process) throws InterruptedException {
        signalGroup(process, "KILL");
        ProcessTree.kill(process.toHandle());
        if (!sandbox.containsEveryProcess()) {
            release(process);
        }
    }

    private static void release(Process process) {
        synchronized (Confinement.class) {
            if (watchdog != null && watchdog.isAlive()) {
                try {
                    watchdog.release(process.pid());
                } catch (IOException e) {
                    LOG.warn("the watchdog of the commands' process groups is gone: {}", e.toString());
                }
            }
        }
    }

    private void signalGroup(Process process, String signal) {
        if (sandbox.containsEveryProcess() || tools.kill().isEmpty()) {
            return; // the namespace holds them all, or there is no kill(1) to signal a group with
        }
        // setsid made the command the leader of a new session and process group, whose id is its pid
        List<String> argv = List.of(tools.kill().get().toString(), "-s", signal, "--", "-" + process.pid());
        try {
            Process kill = new ProcessBuilder(argv).redirectErrorStream(true).start();
            kill.getOutputStream().close();
            kill.getInputStream().transferTo(OutputStream.nullOutputStream()); // "no such process" when none is left
            kill.waitFor(PROBE_SECONDS, TimeUnit.SECONDS);
        } catch (IOException e) {
            // nothing more to do: the descendants are still killed one by one
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The shell of the gate and of the watchdog, which the sandboxes without a PID namespace need. */
    private Path sh() {
        return tools.sh()
                .orElseThrow(() -> new IllegalStateException("the sandbox " + sandbox + " needs sh (in "
                        + SystemTools.DIRECTORIES + ") for the watchdog that kills a command's processes when the"
                        + " agent dies; install dash or bash"));
    }

    private String unshare() {
        return tools.unshare()
                .orElseThrow(() ->
                        new IllegalStateException("the sandbox " + sandbox + " needs unshare, which is not installed"))
                .toString();
    }

    /** Runs {@code argv} in the sandbox in {@code cwd}, with nothing in and a short time-out. */
    private Probe probe(Path cwd, List<String> argv) throws IOException {
        ProcessBuilder builder =
                new ProcessBuilder(chain(argv, false)).directory(cwd.toFile()).redirectErrorStream(true);
        builder.environment().clear();
        builder.environment().put("PATH", "/usr/bin:/bin");
        Process process = start(builder);
        process.getOutputStream().close();
        CappedReader output = CappedReader.start(process.getInputStream(), 4096, "sandbox probe");
        try {
            if (!process.waitFor(PROBE_SECONDS, TimeUnit.SECONDS)) {
                kill(process);
                return new Probe(-1, "no answer within " + PROBE_SECONDS + " s");
            }
            return new Probe(
                    process.exitValue(), output.finish(PROBE_SECONDS * 1000).text());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.toHandle().destroyForcibly();
            throw new IOException("interrupted while starting a command in the sandbox", e);
        }
    }

    /** What a probe command did. */
    private record Probe(int exitCode, String output) {}
}
