package dev.agentfsm.agents.linux.shell;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * Kills the process groups of the commands still running when the agent dies, even by SIGKILL, in the
 * sandboxes without a PID namespace ({@link Sandbox#NOBODY}, {@link Sandbox#NONE}). There the parent-death
 * signal reaches the command itself but not its children, which the kernel does not give it to: a
 * background child in the command's own session and process group outlived the agent (issue 29).
 *
 * <p>The watchdog is one small {@code sh} per JVM, in a session of its own and deaf to the terminal's
 * signals, started without a parent-death signal so that it outlives the agent. The driver writes
 * {@code + GROUP} to its standard input when a command starts and {@code - GROUP} when it has ended and
 * been killed; when the input ends, which the kernel does as soon as the JVM dies for any reason, the
 * watchdog sends SIGKILL to every group still listed and exits. A command waits at a gate until its
 * {@code +} line is written ({@link Confinement#launch}), so none of its children escapes being listed.
 * What it cannot reach is the same as for a time-out: a process that left the group (a daemon in a session
 * of its own).
 */
final class GroupWatchdog {
    /** Keeps the groups as " 1 2 3 "; {@code kill} is the shell's own, so nothing else need be found. */
    private static final String SCRIPT =
            """
            trap '' HUP INT QUIT TERM PIPE
            groups=' '
            while read -r op group; do
              case $op in
                +) groups="$groups$group " ;;
                -) case $groups in *" $group "*) groups="${groups%% $group *} ${groups#* $group }" ;; esac ;;
              esac
            done
            for group in $groups; do kill -s KILL -- "-$group" 2>/dev/null; done
            """;

    private final Process process;
    private final OutputStream commands;

    private GroupWatchdog(Process process) {
        this.process = process;
        this.commands = process.getOutputStream();
    }

    /** Starts a watchdog: {@code setsid -- sh -c SCRIPT}, with nothing inherited but its input pipe. */
    static GroupWatchdog start(Path setsid, Path sh) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(
                        List.of(setsid.toString(), "--", sh.toString(), "-c", SCRIPT, "agentfsm-group-watchdog"))
                .directory(Path.of("/").toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().clear();
        builder.environment().put("PATH", "/usr/bin:/bin");
        return new GroupWatchdog(builder.start());
    }

    /** Whether it still runs (it ends only when this JVM does, or when someone kills it). */
    boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Puts {@code group} under watch: it is killed if this JVM dies before {@link #release} is called.
     *
     * @throws IOException if the watchdog is gone
     */
    synchronized void watch(long group) throws IOException {
        send("+ " + group + "\n");
    }

    /** Takes {@code group} off the watch, once it has been killed. */
    synchronized void release(long group) throws IOException {
        send("- " + group + "\n");
    }

    private void send(String line) throws IOException {
        commands.write(line.getBytes(StandardCharsets.US_ASCII));
        commands.flush();
    }
}
