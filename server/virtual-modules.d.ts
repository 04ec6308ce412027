// The React Router build as Vite provides it to server/app.ts (its shape is ServerBuild).
declare module "virtual:react-router/server-build";
