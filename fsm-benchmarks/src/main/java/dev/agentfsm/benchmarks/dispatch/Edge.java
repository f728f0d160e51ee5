package dev.agentfsm.benchmarks.dispatch;

import static dev.agentfsm.benchmarks.dispatch.FlatState.A_CONFIRM;
import static dev.agentfsm.benchmarks.dispatch.FlatState.A_CONTINUE;
import static dev.agentfsm.benchmarks.dispatch.FlatState.A_ERROR;
import static dev.agentfsm.benchmarks.dispatch.FlatState.A_FAIL;
import static dev.agentfsm.benchmarks.dispatch.FlatState.A_FINISH;
import static dev.agentfsm.benchmarks.dispatch.FlatState.A_PENDING;
import static dev.agentfsm.benchmarks.dispatch.FlatState.A_SCREENSHOT;
import static dev.agentfsm.benchmarks.dispatch.FlatState.H_ASSIGN;
import static dev.agentfsm.benchmarks.dispatch.FlatState.H_CONFIRM;
import static dev.agentfsm.benchmarks.dispatch.FlatState.H_CONTINUE;
import static dev.agentfsm.benchmarks.dispatch.FlatState.H_ERROR;
import static dev.agentfsm.benchmarks.dispatch.FlatState.H_FAIL;
import static dev.agentfsm.benchmarks.dispatch.FlatState.H_FINISH;
import static dev.agentfsm.benchmarks.dispatch.FlatState.H_PENDING;

import java.util.List;

/**
 * One transition of the flat machines: {@code from} moves to {@code to} on {@code on}. {@link #ALL}
 * is the HostAgent + AppAgent table that the peer libraries are configured with; a test checks it
 * against the generated tables.
 */
record Edge(FlatState from, Event on, FlatState to) {

    static final List<Edge> ALL = List.of(
            new Edge(H_CONTINUE, Event.CONTINUE, H_CONTINUE),
            new Edge(H_CONTINUE, Event.ASSIGN, H_ASSIGN),
            new Edge(H_CONTINUE, Event.FINISH, H_FINISH),
            new Edge(H_CONTINUE, Event.PENDING, H_PENDING),
            new Edge(H_CONTINUE, Event.CONFIRM, H_CONFIRM),
            new Edge(H_CONTINUE, Event.ERROR, H_ERROR),
            new Edge(H_ASSIGN, Event.APP_AGENT_CONTINUE, A_CONTINUE),
            new Edge(H_PENDING, Event.CONTINUE, H_CONTINUE),
            new Edge(H_PENDING, Event.FAIL, H_FAIL),
            new Edge(H_CONFIRM, Event.CONTINUE, H_CONTINUE),
            new Edge(H_CONFIRM, Event.FAIL, H_FAIL),
            new Edge(H_FAIL, Event.FINISH, H_FINISH),
            new Edge(H_ERROR, Event.FINISH, H_FINISH),
            new Edge(A_CONTINUE, Event.CONTINUE, A_CONTINUE),
            new Edge(A_CONTINUE, Event.SCREENSHOT, A_SCREENSHOT),
            new Edge(A_CONTINUE, Event.FINISH, A_FINISH),
            new Edge(A_CONTINUE, Event.FAIL, A_FAIL),
            new Edge(A_CONTINUE, Event.PENDING, A_PENDING),
            new Edge(A_CONTINUE, Event.CONFIRM, A_CONFIRM),
            new Edge(A_CONTINUE, Event.ERROR, A_ERROR),
            new Edge(A_SCREENSHOT, Event.SCREENSHOT, A_SCREENSHOT),
            new Edge(A_SCREENSHOT, Event.CONTINUE, A_CONTINUE),
            new Edge(A_SCREENSHOT, Event.FAIL, A_FAIL),
            new Edge(A_PENDING, Event.CONTINUE, A_CONTINUE),
            new Edge(A_CONFIRM, Event.CONTINUE, A_CONTINUE),
            new Edge(A_CONFIRM, Event.FINISH, A_FINISH),
            new Edge(A_FINISH, Event.HOST_AGENT_CONTINUE, H_CONTINUE),
            new Edge(A_FINISH, Event.HOST_AGENT_FINISH, H_FINISH),
            new Edge(A_FAIL, Event.HOST_AGENT_CONTINUE, H_CONTINUE),
            new Edge(A_ERROR, Event.HOST_AGENT_FINISH, H_FINISH));
}
