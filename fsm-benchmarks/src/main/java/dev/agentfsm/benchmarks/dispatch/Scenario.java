package dev.agentfsm.benchmarks.dispatch;

import dev.agentfsm.benchmarks.machines.HostAgent;
import dev.agentfsm.benchmarks.machines.Replies;

/**
 * UFO's "extract the sales table from Word and create a bar chart in Excel" (the eight steps of the
 * HostAgent document), as every implementation walks it: Host CONTINUE, ASSIGN, Word CONTINUE,
 * FINISH, Host CONTINUE, ASSIGN, Excel CONTINUE, FINISH, Host CONTINUE, FINISH. The document folds
 * each AppAgent's FINISH into its step; here it is a state of its own, so a pass is nine transitions.
 */
final class Scenario {
    /** The statuses the LLM replies with in the CONTINUE states, in order. */
    static final String[] LLM_REPLIES = {"ASSIGN", "FINISH", "ASSIGN", "FINISH", "FINISH"};

    /** The applications the host assigns, in order. */
    static final String[] APPS = {"WINWORD.EXE", "EXCEL.EXE"};

    /**
     * The events the peer libraries are fired, one per transition: the target as the generated table
     * names it. The peers get them decoded, where the others read the LLM's status strings.
     */
    static final Event[] EVENTS = {
        Event.ASSIGN, Event.APP_AGENT_CONTINUE, Event.FINISH, Event.HOST_AGENT_CONTINUE,
        Event.ASSIGN, Event.APP_AGENT_CONTINUE, Event.FINISH, Event.HOST_AGENT_CONTINUE,
        Event.FINISH,
    };

    private Scenario() {}

    static HostAgent newHost() {
        return new HostAgent(new Replies(LLM_REPLIES), APPS);
    }
}
