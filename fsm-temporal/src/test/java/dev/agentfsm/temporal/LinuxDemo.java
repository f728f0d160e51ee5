package dev.agentfsm.temporal;

import dev.agentfsm.agents.kit.ReplayLlmClient;
import dev.agentfsm.agents.linux.LinuxAgent;
import dev.agentfsm.agents.linux.LinuxAgentStateManager;
import dev.agentfsm.agents.linux.shell.ShellConfig;
import dev.agentfsm.agents.linux.shell.ShellDriver;
import dev.agentfsm.cli.DemoFiles;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Observation;
import dev.agentfsm.runtime.device.ToolSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The LinuxAgent demo of {@code agentfsm-cli demo}: its task, its recorded LLM conversation and its
 * workspace, read from agentfsm-cli's jar, with the real read-only shell driver on a directory.
 */
final class LinuxDemo {

    private LinuxDemo() {}

    static String task() {
        return DemoFiles.task();
    }

    /** The demo's recorded replies, a new conversation each time. */
    static ReplayLlmClient replay() {
        return DemoFiles.replay();
    }

    /** Writes the demo's workspace under {@code root}, readable by the user the shell runs commands as. */
    static Path workspace(Path root) throws IOException {
        return DemoFiles.workspace(root);
    }

    /** The demo run the embedded way, one round on this thread: what a workflow must match. */
    static RoundResult embedded(Path workspace, Shell shell) {
        LinuxAgent agent = LinuxAgent.builder(shell, replay()).build();
        return Round.of(LinuxAgentStateManager.instance(), agent)
                .context(new Context().put(Context.REQUEST, task()))
                .build()
                .run();
    }

    /** The real shell driver on a directory, noting every command it is given to run. */
    static final class Shell implements DeviceDriver {
        private final ShellDriver shell;
        private final List<String> commands = new ArrayList<>();

        Shell(Path directory) {
            this.shell = ShellDriver.of(ShellConfig.of(directory));
        }

        @Override
        public String name() {
            return shell.name();
        }

        @Override
        public Observation observe(Duration timeout) throws DriverException {
            return shell.observe(timeout);
        }

        @Override
        public List<ToolSpec> tools() {
            return shell.tools();
        }

        @Override
        public ActionResult execute(Action action, Duration timeout) throws DriverException {
            synchronized (commands) {
                commands.add(String.valueOf(action.arguments().get("command")));
            }
            return shell.execute(action, timeout);
        }

        List<String> commands() {
            synchronized (commands) {
                return List.copyOf(commands);
            }
        }
    }
}
