package dev.agentfsm.benchmarks.machines;

/**
 * The benchmark's HostAgent: it asks the shared {@link Replies} for its status, and assigns the
 * subtasks to its app agents in turn (Word, then Excel).
 */
public final class HostAgent extends UfoStyleAgent {
    private final Replies llm;
    private final AppAgent[] apps;
    private int assigned = -1;

    /** A host over {@code llm} with one app agent per name, in the order they are assigned. */
    public HostAgent(Replies llm, String... appNames) {
        super("HostAgent");
        this.llm = llm;
        this.apps = new AppAgent[appNames.length];
        for (int i = 0; i < appNames.length; i++) {
            apps[i] = new AppAgent("AppAgent/" + appNames[i], this, llm);
        }
    }

    /** The LLM the host and its apps share. */
    public Replies llm() {
        return llm;
    }

    /** Selects the next application (ASSIGN's work) and returns its agent. */
    public AppAgent assignNext() {
        assigned = assigned + 1 == apps.length ? 0 : assigned + 1;
        return apps[assigned];
    }

    /** The app agent the last ASSIGN selected. */
    public AppAgent active() {
        if (assigned < 0) {
            throw new IllegalStateException("HostAgent has not assigned an application yet");
        }
        return apps[assigned];
    }

    /** Starts a new pass: the first application is assigned next, the replies start over, statuses clear. */
    public void rewind() {
        assigned = -1;
        llm.rewind();
        reset();
        setUfoStatus("");
        for (AppAgent app : apps) {
            app.reset();
            app.setUfoStatus("");
        }
    }
}
