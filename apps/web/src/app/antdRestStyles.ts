// The rest of antd's prebuilt stylesheet (vite/antd-styles.ts): the router loads this module before any page
// but those that render with the frame's components only (RouteMeta.frameStyles).
import 'virtual:antd-styles/rest.css';
