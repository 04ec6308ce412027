// The health feature's server-only face: what other folders may import on the server.
export {
  answerProbe,
  healthPathOf,
  healthResponse,
  liveness,
  probeAnswer,
  readiness,
} from "./health.server";
