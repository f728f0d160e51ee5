package dev.agentfsm.tests.ufo;

import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Status;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * A fixture agent that plays a script instead of asking an LLM: each time one of its working states
 * runs, it takes the next entry and acts on it. A {@link Status} is the status it reports, an
 * {@code Exception} is thrown, a {@link Step} is run. With the script used up it reports nothing new,
 * so the status the runtime set on entering the state stays.
 */
public class ScriptedAgent extends BaseAgent {

    /** A scripted action with access to the context. */
    @FunctionalInterface
    public interface Step {
        void run(ScriptedAgent agent, Context context) throws Exception;
    }

    private final Deque<Object> script = new ArrayDeque<>();
    private final List<String> log = new ArrayList<>();
    private int resets;

    protected ScriptedAgent(String name) {
        super(name);
    }

    protected ScriptedAgent(String name, RuntimeConfig config) {
        super(name, config);
    }

    /**
     * A step that reports a status as text, the way an LLM's reply names it: the agent's machine parses
     * it, so a name the machine has no state for throws {@code UnknownStatusException} from the state's
     * work (UFO's "status with no state").
     */
    public static Step reportsText(String status) {
        return (agent, context) ->
                agent.setStatus(agent.status().machine().table().require(status));
    }

    /** Appends entries to the script. */
    public ScriptedAgent script(Object... entries) {
        for (Object entry : entries) {
            if (!(entry instanceof Status || entry instanceof Exception || entry instanceof Step)) {
                throw new IllegalArgumentException("not a script entry: " + entry);
            }
            script.add(entry);
        }
        return this;
    }

    /** Records that the current state ran, then plays the next script entry: the working states' handle. */
    public void act(Context context) throws Exception {
        note(context);
        Object entry = script.poll();
        if (entry instanceof Status status) {
            setStatus(status);
        } else if (entry instanceof Exception e) {
            throw e;
        } else if (entry instanceof Step step) {
            step.run(this, context);
        }
    }

    /** Records that the current state ran, without playing the script. */
    public void note(Context context) {
        log.add(status().name() + "@" + context.require(Context.ROUND_STEP) + "/"
                + context.require(Context.SESSION_STEP));
    }

    /** What ran, in order: {@code STATUS@roundStep/sessionStep} for each state that ran. */
    public List<String> log() {
        return List.copyOf(log);
    }

    /** How many times the runtime reset this agent. */
    public int resets() {
        return resets;
    }

    @Override
    public void reset() {
        super.reset();
        resets++;
    }
}
