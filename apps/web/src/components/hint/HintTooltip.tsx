// antd's Tooltip, alone in a module so that Hint can load it when a hint is first wanted.
export { Tooltip as default } from 'antd';
