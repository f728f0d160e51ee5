/**
 * agent-fsm sessions as Temporal workflows, for agents that must survive a crash and sessions spread
 * over many JVMs. A session is a workflow whose id is the session's id: the decisions (the generated
 * table's checks, the next state, hand-offs) run in workflow code, on values; each state's work runs
 * as an activity on the worker that holds the agent; questions and confirmations are durable waits
 * answered by updates; declared time-outs are durable timers.
 *
 * <p>Start here: {@link dev.agentfsm.temporal.SessionWorker} (a worker process),
 * {@link dev.agentfsm.temporal.SessionClient} (starting and reaching sessions),
 * {@link dev.agentfsm.temporal.TemporalService} (connecting).
 */
package dev.agentfsm.temporal;
