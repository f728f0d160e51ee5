package dev.agentfsm.agents.linux.shell;

import dev.agentfsm.runtime.device.Action;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * The child JVM of {@link SandboxTest#commandsDieWithTheAgentEvenWhenItIsKilled}: a shell driver running
 * {@code md5sum} on an endless file, and a script that leaves a second {@code md5sum} running in its
 * process group and a third as a daemon in a session of its own, until the test kills this JVM with SIGKILL.
 *
 * <p>Arguments: the root, the directory of the {@code leave-children} script, the endless file's name, the
 * {@link Sandbox}.
 */
public final class AgentThatGetsKilled {
    private AgentThatGetsKilled() {}

    public static void main(String[] args) throws Exception {
        ShellDriver shell = ShellDriver.of(
                ShellConfig.of(Path.of(args[0]))
                        .withSearchDirectory(Path.of(args[1]))
                        .withAllowed("leave-children"),
                Sandbox.valueOf(args[3]));
        Duration timeout = Duration.ofSeconds(120);
        Thread direct = new Thread(() -> {
            try {
                shell.execute(new Action("execute_command", Map.of("command", "md5sum " + args[2])), timeout);
            } catch (Exception e) {
                e.printStackTrace();
            }
        });
        direct.start();
        shell.execute(new Action("execute_command", Map.of("command", "leave-children " + args[2])), timeout);
        direct.join();
    }
}
