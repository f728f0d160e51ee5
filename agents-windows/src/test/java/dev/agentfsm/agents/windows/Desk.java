package dev.agentfsm.agents.windows;

import dev.agentfsm.agents.kit.ReplayLlmClient;
import dev.agentfsm.agents.windows.desktop.simulated.SimulatedDesktop;
import dev.agentfsm.agents.windows.desktop.simulated.SimulatedDocument;
import dev.agentfsm.agents.windows.desktop.simulated.SimulatedSheet;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.TransitionListener;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.user.UserChannel;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;

/** A simulated desktop with the scenario's Word and Excel, a replayed model, and a host to run rounds with. */
final class Desk {
    final SimulatedDocument word = SimulatedDocument.salesReport();
    final SimulatedSheet excel = SimulatedSheet.emptyBook();
    final SimulatedDesktop desktop = SimulatedDesktop.of(word, excel);
    final ReplayLlmClient llm;
    final HostAgent host;
    final Context context = new Context();

    Desk(String replay, UserChannel user, RuntimeConfig config, boolean follower, UnaryOperator<LlmClient> model) {
        this(replay, user, config, follower, model, UnaryOperator.identity());
    }

    Desk(
            String replay,
            UserChannel user,
            RuntimeConfig config,
            boolean follower,
            UnaryOperator<LlmClient> model,
            UnaryOperator<HostAgent.Builder> hostOptions) {
        this.llm = replay(replay);
        this.host = hostOptions
                .apply(HostAgent.builder(desktop, model.apply(llm))
                        .user(user)
                        .config(config)
                        .followerMode(follower))
                .build();
    }

    /** A desk whose host runs {@code appRoot}'s windows under an Operator, asking {@code user} to confirm. */
    static Desk withOperatorFor(String appRoot, String replay, UserChannel user) {
        return new Desk(
                replay,
                user,
                config(true, false, 0),
                false,
                UnaryOperator.identity(),
                host -> host.operatorFor(appRoot));
    }

    /** A desk whose host runs {@code appRoot}'s windows under an Operator, with a user who denies every action. */
    static Desk withOperatorFor(String appRoot, String replay) {
        return withOperatorFor(appRoot, replay, UserChannel.alwaysDeny());
    }

    Desk(String replay, UserChannel user, RuntimeConfig config) {
        this(replay, user, config, false, UnaryOperator.identity());
    }

    Desk(String replay) {
        this(replay, UserChannel.alwaysDeny(), config(true, false, 0));
    }

    RoundResult run(String request, TransitionListener... listeners) {
        context.put(Context.REQUEST, request);
        Round.Builder<HostAgent> round =
                Round.of(HostAgentStateManager.instance(), host).context(context);
        for (TransitionListener listener : listeners) {
            round.listener(listener);
        }
        return round.build().run();
    }

    static RuntimeConfig config(boolean safeGuard, boolean askQuestion, int reasks) {
        return RuntimeConfig.builder()
                .safeGuard(safeGuard)
                .askQuestion(askQuestion)
                .jsonParsingRetry(reasks)
                .llmTimeout(Duration.ofSeconds(5))
                .userTimeout(Duration.ofSeconds(5))
                .actionTimeout(Duration.ofSeconds(5))
                .build();
    }

    /** What {@code desktop} was asked to do, without its reads (screenshots and control lists). */
    static List<String> actions(SimulatedDesktop desktop) {
        return desktop.log().stream()
                .filter(l -> !l.startsWith("screenshot ") && !l.startsWith("controls "))
                .toList();
    }

    static ReplayLlmClient replay(String name) {
        String resource = "replays/" + name + ".yaml";
        try (InputStream in = Desk.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no replay " + resource + " next to " + Desk.class.getName());
            }
            return ReplayLlmClient.load(in, resource);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
