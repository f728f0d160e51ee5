package dev.agentfsm.agents.windows.demo;

import dev.agentfsm.agents.kit.ReplayLlmClient;
import dev.agentfsm.agents.windows.AppAgent;
import dev.agentfsm.agents.windows.HostAgent;
import dev.agentfsm.agents.windows.HostAgentStateManager;
import dev.agentfsm.agents.windows.WindowSnapshot;
import dev.agentfsm.agents.windows.desktop.simulated.SimulatedDesktop;
import dev.agentfsm.agents.windows.desktop.simulated.SimulatedDocument;
import dev.agentfsm.agents.windows.desktop.simulated.SimulatedSheet;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.user.UserChannel;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Runs UFO's scenario, "Extract the sales table from Word and create a bar chart in Excel", on the
 * simulated desktop with a replayed model, prints every transition and the outcome, and writes the
 * screenshots (the desktop, and each application's plain and annotated window) to a directory.
 *
 * <pre>{@code
 * java dev.agentfsm.agents.windows.demo.WindowsDemo [output-directory]
 * }</pre>
 */
public final class WindowsDemo {
    static final String REQUEST = "Extract the sales table from Word and create a bar chart in Excel";
    private static final String REPLAY = "/dev/agentfsm/agents/windows/replays/sales-chart.yaml";

    private WindowsDemo() {}

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "windows-demo");
        RoundResult result = run(out, System.out);
        System.exit(result.completed() ? 0 : 1);
    }

    static RoundResult run(Path out, PrintStream console) throws Exception {
        SimulatedDocument word = SimulatedDocument.salesReport();
        SimulatedSheet excel = SimulatedSheet.emptyBook();
        SimulatedDesktop desktop = SimulatedDesktop.of(word, excel);
        HostAgent host = HostAgent.builder(desktop, replay())
                .user(UserChannel.alwaysApprove())
                .build();
        Context context = new Context().put(Context.REQUEST, REQUEST);

        console.println("request: " + REQUEST);
        RoundResult result = Round.of(HostAgentStateManager.instance(), host)
                .context(context)
                .listener(e -> console.printf(
                        "  %2d  %-22s %s -> %s (%s)%n",
                        e.step(), e.agent(), e.from().qualifiedName(), e.targetName(), e.trigger()))
                .build()
                .run();

        console.println(result.outcome() + ": " + result.reason());
        console.println("path: " + String.join(" -> ", result.qualifiedPath()));
        context.previousSubtasks()
                .forEach(s ->
                        console.println("subtask " + s.status().name() + ": " + s.subtask() + " -> " + s.result()));
        excel.charts().forEach(chart -> console.println("chart in " + excel.title() + ": " + chart));
        result.result().ifPresent(answer -> console.println("answer: " + answer));

        Files.createDirectories(out);
        Files.write(out.resolve("desktop.png"), desktop.screenshot());
        for (AppAgent app : host.appAgents().values()) {
            String name =
                    app.window().appRoot().toLowerCase(java.util.Locale.ROOT).replace(".exe", "");
            WindowSnapshot snapshot = app.lastSnapshot().orElseThrow();
            Files.write(out.resolve(name + ".png"), snapshot.screenshot());
            Files.write(out.resolve(name + "-annotated.png"), snapshot.annotated());
        }
        console.println("screenshots: " + out.toAbsolutePath());
        return result;
    }

    private static ReplayLlmClient replay() throws IOException {
        try (InputStream in = WindowsDemo.class.getResourceAsStream(REPLAY)) {
            if (in == null) {
                throw new IllegalStateException(
                        "the replay " + REPLAY + " is missing next to " + WindowsDemo.class.getName());
            }
            return ReplayLlmClient.load(in, REPLAY);
        }
    }
}
